import { describe, it, expect, beforeAll, afterAll, vi } from 'vitest';
import pg from 'pg';
import { createTestApp, signUpMember, ORIGIN, type TestApp } from './helpers.js';
import { insertPost, post, sqlQuery } from './post-fixtures.js';

// A member deletes their account while their own like and bookmark requests are in flight. The test holds
// a lock on the post so that every request is queued at a known point before it lets go: deletion must
// win, the in-flight requests must get a clean 401, and the counters must stay true.
describe('deleting an account while its like and bookmark requests are in flight', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const waitingOnLocks = async () =>
    Number(
      (
        await sqlQuery<{ n: string }>(
          t,
          `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        )
      ).rows[0]!.n,
    );

  it('lets the deletion win and answers the others 401', async () => {
    const member = await signUpMember(t.app);
    const postId = await insertPost(t, { status: 'open' });
    const other = await insertPost(t, { status: 'open' });
    // Something for the deletion to take back on the post the test will hold.
    expect((await post(t, `/api/posts/${postId}/like`, member.cookie)).statusCode).toBe(200);
    expect((await post(t, `/api/posts/${other}/bookmark`, member.cookie)).statusCode).toBe(200);

    const holder = new pg.Client({ connectionString: t.config.databaseUrl! });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM posts WHERE id = $1 FOR UPDATE', [postId]);

      const deletion = t.app.inject({
        method: 'DELETE',
        url: '/api/settings/account',
        headers: { origin: ORIGIN, cookie: member.cookie },
        payload: { confirm: 'CONFIRM' },
      });
      await vi.waitFor(async () => expect(await waitingOnLocks()).toBe(1), { timeout: 10_000, interval: 20 });
      const like = post(t, `/api/posts/${postId}/like`, member.cookie);
      const bookmark = post(t, `/api/posts/${postId}/bookmark`, member.cookie);
      const unbookmark = post(t, `/api/posts/${other}/bookmark`, member.cookie);
      await vi.waitFor(async () => expect(await waitingOnLocks()).toBe(4), { timeout: 10_000, interval: 20 });

      await holder.query('COMMIT');
      const [deleted, ...inFlight] = await Promise.all([deletion, like, bookmark, unbookmark]);
      expect(deleted.statusCode).toBeLessThan(300);
      for (const res of inFlight) {
        expect(res.statusCode, res.body).toBe(401);
        expect(res.json()).toMatchObject({ error: 'UNAUTHORIZED' });
      }
    } finally {
      await holder.end();
    }

    const { rows } = await sqlQuery<{
      users: number;
      votes: number;
      marks: number;
      vote_count: number;
      bookmark_count: number;
    }>(
      t,
      `
      SELECT (SELECT count(*)::int FROM users WHERE id = $1) AS users,
             (SELECT count(*)::int FROM post_votes WHERE post_id = ANY($2)) AS votes,
             (SELECT count(*)::int FROM bookmarks WHERE post_id = ANY($2)) AS marks,
             (SELECT sum(vote_count)::int FROM posts WHERE id = ANY($2)) AS vote_count,
             (SELECT sum(bookmark_count)::int FROM posts WHERE id = ANY($2)) AS bookmark_count`,
      [member.me.id, [postId, other]],
    );
    expect(rows[0]).toEqual({ users: 0, votes: 0, marks: 0, vote_count: 0, bookmark_count: 0 });
  });
});
