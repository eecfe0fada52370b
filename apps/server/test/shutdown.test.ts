import { describe, it, expect, afterAll } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './helpers.js';
import { alive, pgPid, startServer, waitHealthy } from './server-process.js';

const asRoot = userInfo().uid === 0;

/** Resolves once the server no longer takes new connections (it has begun to close). */
async function untilRefusing(port: number): Promise<void> {
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`, { headers: { connection: 'close' } });
      if (res.status === 503) return;
    } catch {
      return;
    }
  }
}

describe('stopping the forum (SIGTERM)', () => {
  const base = asRoot ? mkdtempSync('/root/fenestra-shutdown-') : mkdtempSync('/tmp/fenestra-shutdown-');
  const dataDir = path.join(base, 'data');
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  it('finishes the requests in flight, then stops its database', async () => {
    const port = await freePort();
    const server = startServer(dataDir, port);
    const exited = new Promise<number | null>((resolve) => server.child.once('exit', resolve));
    await waitHealthy(port, server.child);

    const cluster = asRoot
      ? readFileSync(path.join(dataDir, 'pg-location.txt'), 'utf8').trim()
      : path.join(dataDir, 'pg');
    const postmaster = pgPid(cluster);
    const pgPort = readFileSync(path.join(cluster, 'postmaster.pid'), 'utf8').split('\n')[3]!.trim();
    const password = readFileSync(path.join(dataDir, '.pg-password'), 'utf8').trim();
    const holder = new pg.Client({
      connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/fenestra`,
    });
    // The forum stops this database at the end: a connection cut then is expected, not a failure.
    holder.on('error', () => {});
    await holder.connect();

    // Hold the posts table so a list request is still running when the signal arrives.
    await holder.query('BEGIN');
    await holder.query('LOCK TABLE posts IN ACCESS EXCLUSIVE MODE');
    const inFlight = fetch(`http://127.0.0.1:${port}/api/posts`);
    for (;;) {
      const { rows } = await holder.query(
        'SELECT 1 FROM pg_stat_activity WHERE pg_backend_pid() = ANY(pg_blocking_pids(pid))',
      );
      if (rows.length > 0) break;
    }

    server.child.kill('SIGTERM');
    await untilRefusing(port);
    expect(alive(postmaster)).toBe(true);

    await holder.query('COMMIT');
    await holder.end();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ posts: [] });

    expect(await exited, server.output()).toBe(0);
    expect(alive(postmaster)).toBe(false);
    expect(existsSync(path.join(cluster, 'postmaster.pid'))).toBe(false);
    if (asRoot) rmSync(path.dirname(cluster), { recursive: true, force: true });
  }, 120_000);
});
