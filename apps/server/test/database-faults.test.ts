import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MSG } from '@fenestra/shared';
import type { EmbeddedCluster } from '../src/db/embedded.js';
import { createTestApp, signUpMember, ORIGIN, type TestApp } from './helpers.js';

// The embedded PostgreSQL server dies for real (its postmaster, kill -9) or its owner stops; the forum
// answers 503 with Retry-After meanwhile and comes back by itself. Restarts are held, and the owner
// frozen, where a test must see the gap: nothing is left to timing.
const root = fileURLToPath(new URL('../../..', import.meta.url));
const postmasterPid = (cluster: EmbeddedCluster) =>
  Number(readFileSync(path.join(cluster.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
const clusterOf = (t: TestApp) => t.app.services.database.embedded!;

async function expectAway(t: TestApp) {
  for (const [method, url] of [
    ['GET', '/api/posts'],
    ['GET', '/api/me'],
    ['GET', '/api/config'],
    ['POST', '/api/account/sign-in'],
  ] as const) {
    const res = await t.app.inject({
      method,
      url,
      headers: { origin: ORIGIN },
      ...(method === 'POST' ? { payload: { email: 'a@example.com', password: 'Correct-Horse9' } } : {}),
    });
    expect(res.statusCode, url).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toMatchObject({ error: 'UNAVAILABLE', message: MSG.unavailable });
  }
  expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
}

async function expectWorking(t: TestApp) {
  expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  const member = await signUpMember(t.app);
  const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: member.cookie } });
  expect(me.json().me).toMatchObject({ id: member.me.id });
}

describe('the embedded database server failing under the forum', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fenestra-faults-'));
  let cluster = '';
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
    // As root the cluster may live outside the data folder (see clusterDir).
    if (cluster && !cluster.startsWith(dataDir)) rmSync(path.dirname(cluster), { recursive: true, force: true });
  });

  describe('in the process that runs it', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ DATABASE_URL: '', DATA_DIR: dataDir });
      cluster = clusterOf(t).dataDir;
    });
    afterAll(async () => {
      await t.close();
    });

    it('answers 503 with Retry-After while the server is dead, restarts it and recovers by itself', async () => {
      await expectWorking(t);
      const embedded = clusterOf(t);
      const release = embedded.holdRestarts();
      // A connection checked out mid-transaction when the server dies: its error must not crash the process.
      const held = await t.app.services.database.pool.connect();
      await held.query('BEGIN');
      const down = once(embedded.events, 'down');
      const pid = postmasterPid(embedded);
      process.kill(pid, 'SIGKILL');
      await down;
      await expect(held.query('SELECT 1')).rejects.toThrow();
      held.release(true);
      await expectAway(t);

      const up = once(embedded.events, 'up');
      release();
      await up;
      expect(postmasterPid(embedded)).not.toBe(pid);
      await expectWorking(t);
    });
  });

  describe('in a process that joined it', () => {
    let owner: ChildProcess;
    let t: TestApp;
    const startOwner = async () => {
      const started = spawn(
        process.execPath,
        ['--import', 'tsx', path.join(root, 'apps/server/test/embedded-owner.ts'), dataDir],
        {
          cwd: root,
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      const [line] = await once(started.stdout!, 'data');
      expect(String(line)).toContain('ready');
      return started;
    };
    beforeAll(async () => {
      owner = await startOwner();
      t = await createTestApp({ DATABASE_URL: '', DATA_DIR: dataDir });
    });
    afterAll(async () => {
      if (owner.exitCode === null) {
        owner.kill('SIGCONT');
        owner.kill('SIGTERM');
        await once(owner, 'exit');
      }
      await t?.close();
    });

    it('waits for the owner to restart a dead server, then reconnects', async () => {
      const embedded = clusterOf(t);
      expect(embedded.owned).toBe(false);
      await expectWorking(t);

      // The owner is frozen, so the gap lasts until the test lets it go.
      owner.kill('SIGSTOP');
      const down = once(embedded.events, 'down');
      process.kill(postmasterPid(embedded), 'SIGKILL');
      await down;
      await expectAway(t);
      expect(embedded.owned).toBe(false); // a live owner is never overruled

      const up = once(embedded.events, 'up');
      owner.kill('SIGCONT');
      await up;
      await expectWorking(t);
      expect(embedded.owned).toBe(false);
    });

    it('follows a new owner whose server came back on another port: queries, jobs and live events', async () => {
      const embedded = clusterOf(t);
      const oldUrl = embedded.url;
      // This process may not take the server over while the owner is replaced.
      const release = embedded.holdRestarts();
      const down = once(embedded.events, 'down');
      owner.kill('SIGTERM');
      expect((await once(owner, 'exit'))[0]).toBe(0);
      await down;
      // It sees the new server as soon as it is ready, perhaps before the new owner says so.
      const up = once(embedded.events, 'up');
      let stopWatching: () => void = () => {};
      const resumed = new Promise<void>((resolve) => {
        stopWatching = t.app.services.events.listener.subscribe({ event: () => {}, resumed: resolve });
      });
      owner = await startOwner();
      release();
      await up;
      expect(embedded.url).not.toBe(oldUrl);
      expect(embedded.owned).toBe(false);
      await expectWorking(t);
      // The job queue has its own connections: a forgot-password request's job is written and run at the new address.
      const forgot = await t.app.inject({
        method: 'POST',
        url: '/api/account/forgot-password',
        headers: { origin: ORIGIN },
        payload: { email: 'someone@example.com' },
      });
      expect(forgot.statusCode).toBe(200);
      expect(await t.app.services.jobs.runDue('password-reset')).toEqual({ completed: 1, failed: 0 });
      // The LISTEN connection of live events comes back too.
      await resumed;
      stopWatching();
    });

    it('starts the server itself when the owner stops, and keeps the data', async () => {
      const embedded = clusterOf(t);
      const before = await signUpMember(t.app);
      const up = once(embedded.events, 'up');
      owner.kill('SIGTERM');
      expect((await once(owner, 'exit'))[0]).toBe(0);
      await up;
      expect(embedded.owned).toBe(true);
      await expectWorking(t);
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/account/sign-in',
        headers: { origin: ORIGIN },
        payload: { email: before.email, password: before.password },
      });
      expect(signIn.statusCode).toBe(200);

      // It now owns the server: closing stops it cleanly.
      await t.close();
      expect(existsSync(path.join(embedded.dataDir, 'postmaster.pid'))).toBe(false);
    });
  });
});
