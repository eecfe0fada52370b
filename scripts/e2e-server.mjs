// The server the browser suite talks to: a fresh embedded database, no demo content, high rate limits. It is the
// compiled server run as `npm start` runs it (scripts/start.mjs: apps/server/dist/main.js in a process of its own,
// with server-process.mjs's flags and environment), built first when a source changed (decision 027).
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWebIfNeeded } from './build-web-if-needed.mjs';
import { buildServerIfNeeded } from './build-server.mjs';
import { SERVER_NODE_ARGS, serverEnv } from './server-process.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = process.env.E2E_PORT ?? '3100';
const dataDir = process.env.E2E_DATA_DIR ?? path.join(tmpdir(), `fenestra-e2e-${port}`);
rmSync(dataDir, { recursive: true, force: true });
const env = {
  ...process.env,
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
  // The suite's push service (web-push-testing, plain http on loopback) is the one endpoint push may reach so.
  PUSH_ENDPOINT_ALLOW: `localhost:${process.env.E2E_PUSH_PORT ?? Number(port) + 2010}`,
};
buildWebIfNeeded();
await buildServerIfNeeded();

// As scripts/start.mjs: signals are passed on, the exit code comes back, and the server stops when this process is
// gone (its IPC channel closes), however Playwright ends it.
const server = spawn(process.execPath, [...SERVER_NODE_ARGS, path.join(root, 'apps/server/dist/main.js')], {
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  env: serverEnv(env),
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
