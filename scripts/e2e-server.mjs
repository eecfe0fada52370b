// The server the browser suite talks to: a fresh embedded database, no demo content, high rate limits.
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { register } from 'tsx/esm/api';
import { buildWebIfNeeded } from './build-web-if-needed.mjs';

const port = process.env.E2E_PORT ?? '3100';
const dataDir = process.env.E2E_DATA_DIR ?? path.join(tmpdir(), `fenestra-e2e-${port}`);
rmSync(dataDir, { recursive: true, force: true });
Object.assign(process.env, {
  PORT: port,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  PUBLIC_URL: `http://localhost:${port}`,
  SEED: 'none',
  RATE_LIMIT_AUTH: '10000',
  LOG_LEVEL: 'warn',
  // The browser suite checks the pages, not the models (their own API tests load them): AI off unless asked.
  AI_PROVIDER: process.env.AI_PROVIDER ?? 'off',
  // The suite's own page on loopback is the one private address link previews may reach.
  LINK_PREVIEW_ALLOW: `127.0.0.1:${process.env.E2E_LINK_PAGES_PORT ?? Number(port) + 1000}`,
});
buildWebIfNeeded();
register();
await import('../apps/server/src/main.ts');
