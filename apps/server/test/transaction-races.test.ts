import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { sql } from 'drizzle-orm';
import { insertMember, createTestApp, type TestApp } from './helpers.js';
import { insertPost, makeStaff, post } from './post-fixtures.js';

/** A promise and the function that resolves it. */
function signal() {
  let fire: () => void = () => {};
  const fired = new Promise<void>((resolve) => (fire = resolve));
  return { fire, fired };
}

// A transaction that loses a race (PostgreSQL ends it with a deadlock or a serialization failure) is run again by
// the database's own `transaction` (db/retry.ts): the client gets its answer, never a 500.
describe('transactions that race', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('runs the loser of a deadlock again, and both commit', async () => {
    const db = t.app.services.database.db;
    const [first, second] = [await insertPost(t), await insertPost(t)];
    const lock = (id: string) => sql`SELECT id FROM posts WHERE id = ${id} FOR UPDATE`;
    const aHolds = signal();
    const bHolds = signal();
    let runs = 0;
    // Each takes one post, waits until the other holds the other post, then asks for it: a deadlock.
    const crossing = (own: string, theirs: string, held: () => void, theyHold: Promise<void>, title: string) =>
      db.transaction(async (tx) => {
        runs++;
        await tx.execute(lock(own));
        held();
        await theyHold;
        await tx.execute(lock(theirs));
        await tx.execute(sql`UPDATE posts SET title = ${title} WHERE id IN (${own}, ${theirs})`);
        return title;
      });
    const results = await Promise.allSettled([
      crossing(first, second, aHolds.fire, bHolds.fired, 'The first racer wrote this title'),
      crossing(second, first, bHolds.fire, aHolds.fired, 'The second racer wrote this title'),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    // PostgreSQL chose one loser; it ran twice.
    expect(runs).toBe(3);
  });

  it('answers 32 concurrent solves and reopens of one post with 200 or 409, never 500', async () => {
    const author = await insertMember(t);
    const moderators = await Promise.all(Array.from({ length: 4 }, () => insertMember(t)));
    for (const m of moderators) await makeStaff(t, m.me.id);
    const postId = await insertPost(t, { userId: author.me.id, status: 'open' });
    const answers = await Promise.all(
      Array.from({ length: 32 }, (_, i) =>
        post(t, `/api/admin/posts/${postId}/${i % 2 ? 'reopen' : 'solve'}`, moderators[i % 4]!.cookie),
      ),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
    expect(statuses).toContain(200);
  });
});
