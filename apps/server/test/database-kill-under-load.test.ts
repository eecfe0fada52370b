import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { MSG } from '@fenestra/shared';
import type { EmbeddedCluster } from '../src/db/embedded.js';
import type { LinkFetcher, PageResult } from '../src/adapters/link-preview/link-fetcher.js';
import { createTestApp, insertMember, untilWaitingOnLock, ORIGIN, type TestApp } from './helpers.js';
import { insertPost } from './post-fixtures.js';

const postmasterPid = (cluster: EmbeddedCluster) =>
  Number(readFileSync(path.join(cluster.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);

/** A link fetcher whose page fetch waits until the test lets it go: a job that is running when the server dies. */
function heldFetcher() {
  let called: () => void = () => {};
  let release: (result: PageResult) => void = () => {};
  const fetching = new Promise<void>((resolve) => (called = resolve));
  const answer = new Promise<PageResult>((resolve) => (release = resolve));
  const fetcher: LinkFetcher = {
    page: () => {
      called();
      return answer;
    },
    picture: async () => null,
  };
  return { fetcher, fetching, release: () => release({ card: null, reason: 'no-card' }) };
}

// The embedded PostgreSQL server killed (-9) under write load, with the job worker running a job: the process
// lives on, every write answers 2xx or 503 with Retry-After (never 500), the forum serves again once the server is
// back without a restart, and every write that was acknowledged is there.
describe('the embedded database killed while 20 writes are in flight', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fenestra-kill-'));
  const held = heldFetcher();
  let t: TestApp;
  let clusterDir = '';

  beforeAll(async () => {
    t = await createTestApp({ DATABASE_URL: '', DATA_DIR: dataDir, RUN_WORKER: 'true' }, { linkFetcher: held.fetcher });
    clusterDir = t.app.services.database.embedded!.dataDir;
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (clusterDir && !clusterDir.startsWith(dataDir))
      rmSync(path.dirname(clusterDir), { recursive: true, force: true });
  });

  it('answers 503 meanwhile, serves again by itself, and loses no acknowledged write', async () => {
    const embedded = t.app.services.database.embedded!;
    const pool = t.app.services.database.pool;
    const author = await insertMember(t);
    const postId = await insertPost(t, { userId: author.me.id });
    const writers = await Promise.all(Array.from({ length: 20 }, () => insertMember(t)));
    const write = (i: number, round: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/posts/${postId}/replies`,
        headers: { origin: ORIGIN, cookie: writers[i]!.cookie },
        payload: { content: `Reply ${round}-${i}: the keeper screw is a #8 pan head.` },
      });

    // A job in the worker's hands when the server dies: a reply's link preview, its fetch held.
    const linked = await t.app.inject({
      method: 'POST',
      url: `/api/posts/${postId}/replies`,
      headers: { origin: ORIGIN, cookie: author.cookie },
      payload: { content: 'The maker lists the part at https://parts.example.com/keeper for the frame.' },
    });
    expect(linked.statusCode).toBe(201);
    await held.fetching;

    // Ten writes wait inside PostgreSQL on the post's row (a reply counts on it); ten more arrive as it dies.
    const blocker = await pool.connect();
    await blocker.query('BEGIN');
    await blocker.query('SELECT id FROM posts WHERE id = $1 FOR UPDATE', [postId]);
    const answers: Array<Promise<LightMyRequestResponse>> = [];
    for (let i = 0; i < 10; i++) answers.push(write(i, 'a'));
    await untilWaitingOnLock(t, blocker);

    const release = embedded.holdRestarts();
    const down = once(embedded.events, 'down');
    process.kill(postmasterPid(embedded), 'SIGKILL');
    for (let i = 10; i < 20; i++) answers.push(write(i, 'a'));
    await down;
    await blocker.query('SELECT 1').catch(() => undefined);
    blocker.release(true);
    // The job's fetch ends while the server is away: its result cannot be stored, nor the job marked.
    held.release();

    const during = await Promise.all(answers);
    for (const res of during) {
      expect([201, 503], res.body).toContain(res.statusCode);
      if (res.statusCode === 503) {
        expect(res.headers['retry-after']).toBe('5');
        expect(res.json()).toMatchObject({ error: 'UNAVAILABLE', message: MSG.unavailable });
      }
    }
    const away = await write(0, 'away');
    expect(away.statusCode).toBe(503);
    expect(away.headers['retry-after']).toBe('5');

    const up = once(embedded.events, 'up');
    release();
    await up;

    // Serving again, under load as when idle: twenty writes at once, all acknowledged.
    const after = await Promise.all(writers.map((_, i) => write(i, 'b')));
    expect(after.map((res) => res.statusCode)).toEqual(after.map(() => 201));
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    // Every acknowledged write is in the database.
    const acknowledged = [...during, ...after].filter((res) => res.statusCode === 201).map((res) => res.json().id);
    const { rows } = await pool.query<{ id: string }>('SELECT id FROM replies WHERE id = ANY($1::uuid[])', [
      acknowledged,
    ]);
    expect(rows.map((r) => r.id).sort()).toEqual([...acknowledged].sort());
    const { rows: counted } = await pool.query<{ reply_count: number; replies: number }>(
      // The counter counts published replies (a new member's first reply waits for review: issue 26).
      `SELECT reply_count, (SELECT count(*)::int FROM replies WHERE post_id = $1 AND status = 'published') AS replies
       FROM posts WHERE id = $1`,
      [postId],
    );
    expect(counted[0]!.reply_count).toBe(counted[0]!.replies);
  });
});
