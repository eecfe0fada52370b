// npm start / npm run worker: build what is missing or stale (the web app, the compiled server), then run the
// compiled JavaScript (decision 012). The server migrates and seeds at start.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWebIfNeeded } from './build-web-if-needed.mjs';
import { buildServerIfNeeded } from './build-server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const entry = process.argv[2] === 'worker' ? 'worker' : 'main';
if (entry === 'main') buildWebIfNeeded();
await buildServerIfNeeded();

// The forum runs in a process of its own (decision 015): glibc gives each thread that allocates an arena of
// its own and keeps there what it frees, so the image threads (libvips, libuv) grew the server by ~125 MB
// under uploads; two arenas keep it near its baseline. The variable counts only from a process's start.
// NODE_ENV=production (unless set; the server's own config already reads unset as production): libraries pick
// their production builds by it, React's server renderer among them (the development one drew a post page in
// ~10.6 ms instead of ~6.6 ms, and kept more in memory).
// This process only passes signals on, and its exit code back; the server stops when it is gone (IPC).
const server = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/server/dist', `${entry}.js`)], {
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  env: { MALLOC_ARENA_MAX: '2', NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
