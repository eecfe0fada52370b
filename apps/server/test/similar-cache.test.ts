import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { SimilarQuestions } from '@fenestra/shared';
import { createTwoTestApps, insertMember, ORIGIN, type TestApp } from './helpers.js';
import { get, insertPost, sqlQuery } from './post-fixtures.js';
import { refreshDueSimilar } from '../src/modules/similar/service.js';

// A post's similar questions in the public-read cache (decision 040): two instances on one PostgreSQL, each with its
// own cache; whatever changes a post's list is in the next read on either instance once its event has arrived. And
// the job that keeps the lists works with nothing locked, so replies and the writes of detections never wait on it.
describe('similar questions kept until a change', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    [a, b] = await createTwoTestApps();
  });
  afterAll(() => Promise.all([a?.close(), b?.close()]));

  /** Every event committed so far has reached both instances (and dropped what it changes). */
  const caughtUp = () => Promise.all([a, b].map((t) => t.app.services.events.listener.sync()));
  const refresh = async () => {
    await refreshDueSimilar(a.app.services.database.db, { vectorModel: null });
    await caughtUp();
  };
  const similar = async (t: TestApp, id: string) => {
    const res = await get(t, `/api/posts/${id}/similar`);
    expect(res.statusCode, res.body).toBe(200);
    return { res, body: res.json() as SimilarQuestions };
  };
  /** The ids both instances list for a post, checked to be the same. */
  const listed = async (id: string) => {
    const [fromA, fromB] = [(await similar(a, id)).body, (await similar(b, id)).body];
    expect(fromB).toEqual(fromA);
    return fromA.questions.map((q) => q.id);
  };
  const stats = (t: TestApp) => t.app.services.publicCache.stats;

  it('answers a post again from the cache, and what an edit, a hiding, a deletion or the job changes at once', async () => {
    const crank = await insertPost(a, {
      title: 'Casement crank handle spins and the window stays shut',
      description: 'Turning the crank handle does nothing; the operator splines look stripped.',
    });
    const twin = await insertPost(a, {
      title: 'Crank handle spins on my casement window',
      description: 'The casement crank handle spins freely, the operator gear seems stripped.',
    });
    await insertPost(a, { title: 'Garden hose reel leaks', description: 'The swivel drips.' });
    await refresh();

    const first = await similar(b, crank);
    expect(first.body.questions.map((q) => q.id)).toEqual([twin]);
    const hits = stats(b).hits;
    const again = await similar(b, crank);
    expect(stats(b).hits).toBe(hits + 1);
    expect(again.res.body).toBe(first.res.body);
    expect(again.res.headers.etag).toBe(first.res.headers.etag);
    expect(again.res.headers['cache-control']).toBe('no-cache');

    // A listed post's edit (its new title shows) and its hiding and return: its own post.changed drops the list.
    await sqlQuery(a, `UPDATE posts SET title = $2 WHERE id = $1`, [twin, 'Crank handle spins on my casement sash']);
    await caughtUp();
    expect((await similar(b, crank)).body.questions[0]!.title).toBe('Crank handle spins on my casement sash');
    await sqlQuery(a, `UPDATE posts SET status = 'pending' WHERE id = $1`, [twin]);
    await caughtUp();
    expect(await listed(crank)).toEqual([]);
    await sqlQuery(a, `UPDATE posts SET status = 'solved' WHERE id = $1`, [twin]);
    await caughtUp();
    expect((await similar(b, crank)).body.questions).toMatchObject([{ id: twin, status: 'solved' }]);

    // A new twin is listed once the job has stored it (its similar.changed reaches every instance).
    const third = await insertPost(a, {
      title: 'Casement window crank handle spins, operator stripped',
      description: 'The crank handle turns but the casement operator does nothing.',
    });
    await caughtUp();
    expect(await listed(crank)).toEqual([twin]);
    await refresh();
    expect((await listed(crank)).sort()).toEqual([twin, third].sort());

    // Deleted: gone from every instance's next read.
    await sqlQuery(a, `DELETE FROM posts WHERE id = $1`, [third]);
    await caughtUp();
    expect(await listed(crank)).toEqual([twin]);

    // The post itself leaving public view: its list is no longer anyone's to read.
    await sqlQuery(a, `UPDATE posts SET status = 'pending' WHERE id = $1`, [crank]);
    await caughtUp();
    expect((await get(b, `/api/posts/${crank}/similar`)).statusCode).toBe(404);
    expect((await get(a, `/api/posts/${crank}/similar`)).statusCode).toBe(404);
  });

  it('works out lists with nothing locked: a reply, an edit and a detection write go through while it is held', async () => {
    const author = await insertMember(a);
    const ids: string[] = [];
    for (const n of [1, 2, 3])
      ids.push(
        await insertPost(a, {
          userId: author.me.id,
          title: `Sliding patio door roller ${n} jumps off the track`,
          description: 'The patio door roller is worn flat and the sliding door jumps off its track.',
        }),
      );
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let reached!: () => void;
    const atStore = new Promise<void>((resolve) => (reached = resolve));
    const run = refreshDueSimilar(a.app.services.database.db, {
      vectorModel: null,
      beforeStore: async () => {
        reached();
        await held;
      },
    });
    await atStore;
    // What a reply, an edit and a photo's detection write (each queues its post through the same triggers) answer
    // while the job holds its batch; a lock the job held would make them wait (the guard fails the test instead).
    const client = await a.app.services.database.pool.connect();
    try {
      await client.query(`SET lock_timeout = '5s'`);
      await client.query(`UPDATE posts SET title = $2 WHERE id = $1`, [ids[0], 'Sliding patio door roller worn flat']);
      await client.query(`SELECT post_similar_request(ARRAY[$1::uuid])`, [ids[1]]);
    } finally {
      client.release();
    }
    const reply = await a.app.inject({
      method: 'POST',
      url: `/api/posts/${ids[2]}/replies`,
      headers: { origin: ORIGIN, cookie: author.cookie },
      payload: { content: 'Lift the door out and swap both rollers.' },
    });
    expect(reply.statusCode, reply.body).toBe(201);
    release();
    await run;
    // The two posts asked for again while held are still queued (their change came after the batch was read).
    const { rows } = await sqlQuery<{ post_id: string }>(a, 'SELECT post_id FROM post_similar_queue');
    expect(rows.map((r) => r.post_id).sort()).toEqual([ids[0], ids[1]].sort());
    await refresh();
    expect((await sqlQuery(a, 'SELECT 1 FROM post_similar_queue')).rows).toEqual([]);
    expect((await listed(ids[0]!)).sort()).toEqual([ids[1], ids[2]].sort());
  });

  it('hands a long queue on in runs of its own: a run stops at its time budget with the rest queued', async () => {
    for (const n of [1, 2, 3])
      await insertPost(a, { title: `Window stay ${n} loose`, description: 'The friction stay is loose.' });
    let clock = 0;
    const first = await refreshDueSimilar(a.app.services.database.db, {
      vectorModel: null,
      batch: 2,
      budgetMs: 10,
      now: () => (clock += 20),
    });
    expect(first).toEqual({ refreshed: 2, more: true });
    expect(await refreshDueSimilar(a.app.services.database.db, { vectorModel: null, batch: 2 })).toEqual({
      refreshed: 1,
      more: false,
    });
  });
});
