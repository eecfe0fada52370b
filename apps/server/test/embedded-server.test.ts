import { describe, it, expect, afterAll } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './helpers.js';

// The real `npm start` path: main.ts with no DATABASE_URL runs its own PostgreSQL server.
const root = fileURLToPath(new URL('../../..', import.meta.url));
const asRoot = userInfo().uid === 0;

async function waitHealthy(port: number, child: ChildProcess, ms = 60_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.status === 200) return;
    } catch { /* not listening yet */ }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become healthy');
}

function startServer(dataDir: string, port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, PORT: String(port), SEED: 'none', LOG_LEVEL: 'warn', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  return { child, output: () => output };
}

const pgPid = (clusterDir: string) => Number(readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
// A zombie (exited, not yet reaped by its new parent) counts as gone.
const alive = (pid: number) => {
  try { process.kill(pid, 0); } catch { return false; }
  try { return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8')); } catch { return true; }
};

describe('the embedded database server', () => {
  // As root the checkout may sit where the postgres user cannot reach (root's home is 0700).
  const base = asRoot ? mkdtempSync('/root/fenestra-embedded-') : mkdtempSync('/tmp/fenestra-embedded-');
  const dataDir = path.join(base, 'data');
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  it('starts from an unreachable folder, survives kill -9 of the server, and stops cleanly', async () => {
    const port = await freePort();
    const first = startServer(dataDir, port);
    await waitHealthy(port, first.child);

    const pointer = path.join(dataDir, 'pg-location.txt');
    const cluster = asRoot ? readFileSync(pointer, 'utf8').trim() : path.join(dataDir, 'pg');
    if (asRoot) expect(first.output()).toContain(`the database cluster lives in ${cluster}`);
    const orphan = pgPid(cluster);
    expect(alive(orphan)).toBe(true);

    // kill -9 leaves PostgreSQL running as an orphan; the next start must stop it and start again.
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    expect(alive(orphan)).toBe(true);

    const second = startServer(dataDir, port);
    await waitHealthy(port, second.child);
    expect(alive(orphan)).toBe(false);
    const fresh = pgPid(cluster);

    second.child.kill('SIGTERM');
    const code = await new Promise((r) => second.child.once('exit', r));
    expect(code).toBe(0);
    expect(alive(fresh)).toBe(false);
    expect(existsSync(path.join(cluster, 'postmaster.pid'))).toBe(false);
    if (asRoot) rmSync(path.dirname(cluster), { recursive: true, force: true });
  }, 120_000);
});
