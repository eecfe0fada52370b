import { describe, it, expect, afterAll } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import { freePort } from './helpers.js';
import { alive, pgPid, startServer, waitHealthy } from './server-process.js';

const asRoot = userInfo().uid === 0;

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
