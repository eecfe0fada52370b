import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { PostList } from '@fenestra/shared';
import { createTestApp, insertMember, signUpMember, type TestApp } from './helpers.js';
import { get, insertPost, post, sqlQuery } from './post-fixtures.js';

const counters = async (t: TestApp, postId: string) => {
  const { rows } = await sqlQuery<{ vote_count: number; votes: number; bookmark_count: number; marks: number }>(
    t,
    `
    SELECT p.vote_count, (SELECT count(*)::int FROM post_votes v WHERE v.post_id = p.id) AS votes,
           p.bookmark_count, (SELECT count(*)::int FROM bookmarks b WHERE b.post_id = p.id) AS marks
    FROM posts p WHERE p.id = $1`,
    [postId],
  );
  return rows[0]!;
};

describe('likes and bookmarks', () => {
  let t: TestApp;
  let member: Awaited<ReturnType<typeof signUpMember>>;
  const crowd: Awaited<ReturnType<typeof insertMember>>[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    member = await signUpMember(t.app);
    // Members written straight to the tables: 50 sign-ups hashing passwords took over a minute on a loaded machine.
    for (let i = 0; i < 50; i++) crowd.push(await insertMember(t));
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(['like', 'bookmark'])('%s toggles on and off and returns the count', async (kind) => {
    const id = await insertPost(t, { status: 'open' });
    expect((await post(t, `/api/posts/${id}/${kind}`)).statusCode).toBe(401);
    const on = await post(t, `/api/posts/${id}/${kind}`, member.cookie);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ active: true, count: 1 });
    expect((await get(t, `/api/posts/${id}`, member.cookie)).json()).toMatchObject(
      kind === 'like' ? { liked: true } : { bookmarked: true },
    );
    expect((await post(t, `/api/posts/${id}/${kind}`, member.cookie)).json()).toEqual({ active: false, count: 0 });
    const c = await counters(t, id);
    expect([c.vote_count, c.votes, c.bookmark_count, c.marks]).toEqual([0, 0, 0, 0]);
  });

  it.each(['pending', 'denied'])('answers 404 on a %s post, and for missing or malformed ids', async (status) => {
    const id = await insertPost(t, { status: status as 'pending' | 'denied' });
    for (const url of [
      `/api/posts/${id}/like`,
      `/api/posts/${id}/bookmark`,
      '/api/posts/00000000-0000-4000-8000-000000000000/like',
      '/api/posts/nope/bookmark',
    ]) {
      const res = await post(t, url, member.cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Post not found');
    }
    expect(await counters(t, id)).toEqual({ vote_count: 0, votes: 0, bookmark_count: 0, marks: 0 });
  });

  it('keeps the counters equal to the rows when 50 members toggle at once', async () => {
    const id = await insertPost(t, { status: 'solved' });
    const likeAll = () => Promise.all(crowd.map((m) => post(t, `/api/posts/${id}/like`, m.cookie)));
    const first = await Promise.all([
      likeAll(),
      Promise.all(crowd.map((m) => post(t, `/api/posts/${id}/bookmark`, m.cookie))),
    ]);
    expect(first.flat().every((r) => r.statusCode === 200 && r.json().active === true)).toBe(true);
    expect(await counters(t, id)).toEqual({ vote_count: 50, votes: 50, bookmark_count: 50, marks: 50 });
    // The counts each member saw are distinct: every toggle moved the counter by exactly one.
    expect(new Set(first[0].map((r) => r.json().count)).size).toBe(50);

    const second = await likeAll();
    expect(second.every((r) => r.json().active === false)).toBe(true);
    expect(await counters(t, id)).toMatchObject({ vote_count: 0, votes: 0 });
  });

  it('stays consistent when one member double-clicks', async () => {
    const id = await insertPost(t, { status: 'open' });
    for (const kind of ['like', 'bookmark']) {
      for (const clicks of [2, 3]) {
        // Toggles on one post take turns, so n clicks from 'off' alternate on, off, on...
        const results = await Promise.all(
          Array.from({ length: clicks }, () => post(t, `/api/posts/${id}/${kind}`, member.cookie)),
        );
        expect(results.every((r) => r.statusCode === 200)).toBe(true);
        expect(results.filter((r) => r.json().active)).toHaveLength(Math.ceil(clicks / 2));
        const c = await counters(t, id);
        expect(c.vote_count).toBe(c.votes);
        expect(c.bookmark_count).toBe(c.marks);
        expect(kind === 'like' ? c.votes : c.marks).toBe(clicks % 2);
        if (clicks % 2) await post(t, `/api/posts/${id}/${kind}`, member.cookie);
      }
    }
    expect(await counters(t, id)).toEqual({ vote_count: 0, votes: 0, bookmark_count: 0, marks: 0 });
  });
});

describe('the bookmarks list', () => {
  let t: TestApp;
  let member: Awaited<ReturnType<typeof signUpMember>>;
  beforeAll(async () => {
    t = await createTestApp();
    member = await signUpMember(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const bookmarksOf = async (cookie: string, cursor?: string | null): Promise<PostList> => {
    const res = await get(t, `/api/bookmarks${cursor ? `?cursor=${cursor}` : ''}`, cookie);
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('is for members only', async () => {
    expect((await get(t, '/api/bookmarks')).statusCode).toBe(401);
  });

  it('lists bookmarks newest first, in keyset pages, and only posts the member may still see', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 24; i++) ids.push(await insertPost(t, { status: 'open', title: `Bookmarked question ${i}` }));
    for (const id of ids) expect((await post(t, `/api/posts/${id}/bookmark`, member.cookie)).statusCode).toBe(200);
    // Two bookmarks at the same instant: the id decides.
    await sqlQuery(
      t,
      'UPDATE bookmarks SET created_at = (SELECT created_at FROM bookmarks WHERE post_id = $1) WHERE post_id = $2',
      [ids[5], ids[6]],
    );

    const first = await bookmarksOf(member.cookie);
    expect(first.total).toBe(24);
    expect(first.posts).toHaveLength(20);
    expect(first.posts[0]!.id).toBe(ids[23]);
    expect(first.posts.every((p) => p.bookmarked)).toBe(true);
    const second = await bookmarksOf(member.cookie, first.nextCursor);
    expect(second.nextCursor).toBeNull();
    const seen = [...first.posts, ...second.posts].map((p) => p.id);
    expect(new Set(seen).size).toBe(24);
    expect(seen.slice(0, 17)).toEqual([...ids].reverse().slice(0, 17));

    // A bookmarked post moved back to pending drops out of someone else's list.
    await sqlQuery(t, "UPDATE posts SET status = 'pending' WHERE id = $1", [ids[23]]);
    const after = await bookmarksOf(member.cookie);
    expect(after.total).toBe(23);
    expect(after.posts[0]!.id).toBe(ids[22]);
  });
});
