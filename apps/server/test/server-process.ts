import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_ARGS, serverEnv } from '../../../scripts/server-process.mjs';

// The real `npm start` path: the compiled main with no DATABASE_URL runs its own PostgreSQL server.
const root = fileURLToPath(new URL('../../..', import.meta.url));

export async function waitHealthy(port: number, child: ChildProcess, ms = 60_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.status === 200) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become healthy');
}

/**
 * The forum in a process of its own on a fresh embedded database: the compiled server, apps/server/dist/main.js, run
 * as `npm start` runs it, with scripts/server-process.mjs's flags and environment (global-setup.ts builds it).
 */
export function startServer(dataDir: string, port: number) {
  const env = {
    ...process.env,
    DATABASE_URL: '',
    DATA_DIR: dataDir,
    PORT: String(port),
    SEED: 'none',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  };
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: serverEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  return { child, output: () => output };
}

export const pgPid = (clusterDir: string) =>
  Number(readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
// A zombie (exited, not yet reaped by its new parent) counts as gone.
export const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
};
