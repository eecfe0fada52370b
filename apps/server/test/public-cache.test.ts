import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { insertMember, createTestApp, freshDatabase, ORIGIN, type TestApp } from './helpers.js';
import { askBody, get, insertPost, makeStaff, post } from './post-fixtures.js';

// The public-read cache (DESIGN.md 'Where things go as they grow'): two instances on one PostgreSQL, each
// with its own cache; a change made through one is seen through the other as soon as its event arrives.
describe('the public-read cache on two instances', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    const databaseUrl = await freshDatabase();
    // One after the other: the job queue's set-up takes locks.
    a = await createTestApp({ DATABASE_URL: databaseUrl });
    b = await createTestApp({ DATABASE_URL: databaseUrl });
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  /** Every event committed so far has reached the instance (and dropped what it changes). */
  const caughtUp = (t: TestApp) => t.app.services.events.listener.sync();
  const list = async (t: TestApp, cookie?: string) =>
    (await get(t, '/api/posts', cookie)).json().posts as Array<{
      id: string;
      voteCount: number;
      replyCount: number;
      liked: boolean;
      bookmarked: boolean;
    }>;
  const inList = async (t: TestApp, id: string, cookie?: string) => (await list(t, cookie)).find((p) => p.id === id);

  it('serves a list from the cache and changes it at once after an approval, a like, a new reply and a deletion', async () => {
    const author = await insertMember(a);
    const staff = await insertMember(a);
    await makeStaff(a, staff.me.id);
    const asked = await a.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: { origin: ORIGIN, cookie: author.cookie },
      payload: askBody(),
    });
    const id = asked.json().id as string;
    await caughtUp(b);

    // Cached: the second read is a hit with the same bytes.
    const first = await get(b, '/api/posts');
    const hits = b.app.services.publicCache.stats.hits;
    const second = await get(b, '/api/posts');
    expect(b.app.services.publicCache.stats.hits).toBe(hits + 1);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.json().posts.some((p: { id: string }) => p.id === id)).toBe(false);

    expect((await post(a, `/api/admin/posts/${id}/approve`, staff.cookie)).statusCode).toBe(200);
    await caughtUp(b);
    expect(await inList(b, id)).toMatchObject({ voteCount: 0, replyCount: 0 });

    expect((await post(a, `/api/posts/${id}/like`, author.cookie)).statusCode).toBe(200);
    await caughtUp(b);
    expect(await inList(b, id)).toMatchObject({ voteCount: 1 });

    expect((await get(b, `/api/posts/${id}/replies`)).json().replies).toEqual([]);
    const replied = await post(a, `/api/posts/${id}/replies`, author.cookie, {
      content: 'The keeper plate is cracked: replace it.',
    });
    expect(replied.statusCode).toBe(201);
    await caughtUp(b);
    expect(await inList(b, id)).toMatchObject({ replyCount: 1 });
    expect((await get(b, `/api/posts/${id}/replies`)).json().replies.map((r: { id: string }) => r.id)).toEqual([
      replied.json().id,
    ]);

    expect((await get(b, `/api/posts/${id}`)).statusCode).toBe(200);
    const deleted = await a.app.inject({
      method: 'DELETE',
      url: `/api/admin/posts/${id}`,
      headers: { origin: ORIGIN, cookie: staff.cookie },
    });
    expect(deleted.statusCode).toBe(200);
    await caughtUp(b);
    expect(await inList(b, id)).toBeUndefined();
    expect((await get(b, `/api/posts/${id}`)).statusCode).toBe(404);
  });

  it('a change through an instance is in its own cache before its answer leaves', async () => {
    const member = await insertMember(a);
    const id = await insertPost(a, { userId: member.me.id });
    await caughtUp(a);
    expect(await inList(a, id)).toMatchObject({ voteCount: 0 });
    await post(a, `/api/posts/${id}/like`, member.cookie);
    expect(await inList(a, id)).toMatchObject({ voteCount: 1, liked: false });
    expect(await inList(a, id, member.cookie)).toMatchObject({ voteCount: 1, liked: true });
  });

  it('lays a member’s likes and bookmarks over the shared body, never for another member or a visitor', async () => {
    const [liker, other] = [await insertMember(a), await insertMember(a)];
    const id = await insertPost(a, { userId: other.me.id });
    await post(a, `/api/posts/${id}/like`, liker.cookie);
    await post(a, `/api/posts/${id}/bookmark`, liker.cookie);
    await caughtUp(b);

    // The member reads first, so the entry is filled during their request.
    expect(await inList(b, id, liker.cookie)).toMatchObject({ liked: true, bookmarked: true });
    expect(await inList(b, id)).toMatchObject({ liked: false, bookmarked: false });
    expect(await inList(b, id, other.cookie)).toMatchObject({ liked: false, bookmarked: false });

    expect((await get(b, `/api/posts/${id}`, liker.cookie)).json()).toMatchObject({ liked: true, bookmarked: true });
    expect((await get(b, `/api/posts/${id}`)).json()).toMatchObject({
      liked: false,
      bookmarked: false,
      canModerate: false,
    });
    expect((await get(b, `/api/posts/${id}`, other.cookie)).json()).toMatchObject({ liked: false, bookmarked: false });
    // The other member's own profile list shows the post without the liker's marks.
    const theirs = (await get(b, `/api/users/${other.me.username}/posts`, other.cookie)).json().posts;
    expect(theirs).toMatchObject([{ id, liked: false, bookmarked: false }]);

    // The liker's own version is kept for them, and dropped at once when they take the like back elsewhere.
    expect(await inList(b, id, liker.cookie)).toMatchObject({ liked: true, bookmarked: true });
    await post(a, `/api/posts/${id}/like`, liker.cookie);
    await caughtUp(b);
    expect(await inList(b, id, liker.cookie)).toMatchObject({ liked: false, bookmarked: true });
    expect((await get(b, `/api/posts/${id}`, liker.cookie)).json()).toMatchObject({ liked: false, bookmarked: true });
  });

  it('never puts a pending post in a cached body, whoever read it first', async () => {
    const author = await insertMember(a);
    const staff = await insertMember(a);
    await makeStaff(a, staff.me.id);
    const id = await insertPost(a, {
      userId: author.me.id,
      status: 'pending',
      title: 'A pending question about a latch',
    });
    await caughtUp(b);

    // Its author and staff may open it; it reaches no list and no visitor.
    expect((await get(b, `/api/posts/${id}`, author.cookie)).statusCode).toBe(200);
    expect((await get(b, `/api/posts/${id}`, staff.cookie)).json()).toMatchObject({
      status: 'pending',
      canModerate: true,
    });
    expect((await get(b, `/api/posts/${id}/replies`, author.cookie)).statusCode).toBe(200);
    expect(await inList(b, id, author.cookie)).toBeUndefined();
    expect(await inList(b, id, staff.cookie)).toBeUndefined();
    expect((await get(b, `/api/posts/${id}`)).statusCode).toBe(404);
    expect((await get(b, `/api/posts/${id}/replies`)).statusCode).toBe(404);
    expect((await get(b, `/api/users/${author.me.username}/posts`)).json().posts).toEqual([]);
  });

  it('drops a cached session at once when its member is banned through the other instance', async () => {
    const member = await insertMember(a);
    const staff = await insertMember(a);
    await makeStaff(a, staff.me.id);
    const id = await insertPost(a, { userId: staff.me.id });
    await caughtUp(b);
    expect((await post(b, `/api/posts/${id}/like`, member.cookie)).statusCode).toBe(200);

    expect((await post(a, `/api/admin/users/${member.me.id}/ban`, staff.cookie, { reason: 'Spam' })).statusCode).toBe(
      200,
    );
    await caughtUp(b);
    expect((await post(b, `/api/posts/${id}/like`, member.cookie)).statusCode).toBe(401);
  });
});
