import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../apps/server/src/config/env.js';
import { buildApp } from '../apps/server/src/app.js';
import { removeDataDir } from '../apps/server/src/db/embedded.js';

/** The real app on a fresh database (BENCH_DATABASE_URL or the embedded server) in a temporary data folder. */
export async function startBenchApp(
  env: Record<string, string> = {},
): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fenestra-bench-'));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
    PORT: '0',
    LOG_LEVEL: 'silent',
    SEED: 'none',
    RATE_LIMIT_AUTH: '1000000',
    PUBLIC_URL: 'http://127.0.0.1:3999',
    // The AI models stay unloaded unless asked for: the memory figure is the forum's own.
    AI_PROVIDER: process.env.AI_PROVIDER ?? 'off',
    // Measured without the job worker's work competing (jobs are still queued as an API instance does).
    RUN_WORKER: 'false',
    // The measured server draws the pages ahead (decision 046); the seeding app draws none.
    DRAW_PAGES_AHEAD: 'false',
    ...env,
  });
  const app = await buildApp(config);
  return {
    app,
    async close() {
      await app.close();
      removeDataDir(dataDir);
    },
  };
}

/** Listens on a free loopback port; returns the base address. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}
