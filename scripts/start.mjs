// npm start / npm run worker: build what is missing or stale (the web app, the compiled server), then run the
// compiled JavaScript (decision 012). The server migrates and seeds at start.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWebIfNeeded } from './build-web-if-needed.mjs';
import { buildServerIfNeeded } from './build-server.mjs';
import { SERVER_NODE_ARGS, serverEnv } from './server-process.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const entry = process.argv[2] === 'worker' ? 'worker' : 'main';
if (entry === 'main') buildWebIfNeeded();
await buildServerIfNeeded();

// The forum runs in a process of its own (decision 015), with the flags and environment of server-process.mjs:
// two malloc arenas and a bounded heap growth (both count only from a process's start), NODE_ENV=production.
// This process only passes signals on, and its exit code back; the server stops when it is gone (IPC).
const server = spawn(process.execPath, [...SERVER_NODE_ARGS, path.join(root, 'apps/server/dist', `${entry}.js`)], {
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  env: serverEnv(),
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
