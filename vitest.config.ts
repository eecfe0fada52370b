import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner, three projects: pure units, the API against a real PostgreSQL, and web components in jsdom.
export default defineConfig({
  test: {
    // A file per core: vitest's own default leaves one core out (a single worker on a 2-core machine), and the API
    // files spend much of their time waiting on PostgreSQL (decision 027).
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/shared/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/web/scripts/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          setupFiles: ['apps/server/test/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // The files import the same server modules: once a worker, not once a file (351 s of imports a run became
          // 42 s on a loaded machine). Each file still builds its own app on its own database (decision 027).
          isolate: false,
        },
      },
      'apps/web/vite.config.ts',
    ],
  },
});
