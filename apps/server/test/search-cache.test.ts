import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { SearchResults } from '@fenestra/shared';
import { createTestApp, freshDatabase, insertMember, ORIGIN, type TestApp } from './helpers.js';
import { askBody, get, insertPost, makeStaff, post, sqlQuery } from './post-fixtures.js';

// Search answers in the public-read cache (decision 022): two instances on one PostgreSQL, each with its own
// cache; what a change adds, moves or drops is in the next search on either instance once its event has arrived.
describe('search answers kept until a change', () => {
  let a: TestApp;
  let b: TestApp;
  let off: TestApp;

  beforeAll(async () => {
    const databaseUrl = await freshDatabase();
    // One after the other: the job queue's set-up takes locks.
    a = await createTestApp({ DATABASE_URL: databaseUrl });
    b = await createTestApp({ DATABASE_URL: databaseUrl });
    off = await createTestApp({ DATABASE_URL: databaseUrl, SEARCH_CACHE: 'false' });
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close(), off?.close()]);
  });

  /** Every event committed so far has reached the instance (and dropped what it changes). */
  const caughtUp = (t: TestApp) => t.app.services.events.listener.sync();
  const search = async (t: TestApp, text: string, cookie?: string) => {
    const res = await get(t, `/api/search?q=${encodeURIComponent(text)}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return { res, body: res.json() as SearchResults };
  };
  const ids = (body: SearchResults) => body.results.map((r) => r.post.id);
  const hits = (t: TestApp) => t.app.services.searchCache!.stats.hits;

  it('answers the same words again from the cache, and what a new post, an edit, a reply or a deletion changes at once', async () => {
    const author = await insertMember(a);
    const staff = await insertMember(a);
    await makeStaff(a, staff.me.id);
    const older = await insertPost(a, {
      title: 'Tilt latch on a vinyl sash snapped off',
      description: 'The plastic tilt latch on the top sash broke; the sash no longer tips in for cleaning.',
    });
    await caughtUp(b);

    const first = await search(b, 'tilt latch');
    expect(ids(first.body)).toEqual([older]);
    const before = hits(b);
    // The same words however they are typed: one entry.
    const again = await search(b, '  Tilt   LATCH ');
    expect(hits(b)).toBe(before + 1);
    expect(again.res.headers.etag).toBe(first.res.headers.etag);
    expect(again.res.body).toBe(first.res.body);
    // The browser's copy is still right: 304.
    const unchanged = await b.app.inject({
      url: '/api/search?q=tilt%20latch',
      headers: { 'if-none-match': String(first.res.headers.etag) },
    });
    expect(unchanged.statusCode).toBe(304);

    // A question asked through one instance is pending: not found; approved, it is found on the other at once.
    const asked = await a.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: { origin: ORIGIN, cookie: author.cookie },
      payload: askBody({
        title: 'Replacement tilt latch for a double hung window',
        description: 'Looking for a tilt latch that fits a 1990s vinyl double hung sash, the old one cracked.',
      }),
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const id = asked.json().id as string;
    await caughtUp(b);
    expect(ids((await search(b, 'tilt latch')).body)).toEqual([older]);
    expect((await post(a, `/api/admin/posts/${id}/approve`, staff.cookie)).statusCode).toBe(200);
    await caughtUp(b);
    expect(ids((await search(b, 'tilt latch')).body).sort()).toEqual([older, id].sort());

    // A reply's words find its post (replies are in the document), and its count shows on the card.
    expect(ids((await search(b, 'kwikspring')).body)).toEqual([]);
    const replied = await post(a, `/api/posts/${older}/replies`, author.cookie, {
      content: 'A Kwikspring latch kit fits this sash exactly.',
    });
    expect(replied.statusCode, replied.body).toBe(201);
    await caughtUp(b);
    const byReply = (await search(b, 'kwikspring')).body;
    expect(ids(byReply)).toEqual([older]);
    expect(byReply.results[0]!.post.replyCount).toBe(1);

    // An edit of the reply's words, made in the database as any writer would: its event drops the answers it
    // changes, the one that found nothing included.
    expect(ids((await search(b, 'leverlock')).body)).toEqual([]);
    await sqlQuery(a, `UPDATE replies SET content = 'A Leverlock latch kit fits this sash exactly.' WHERE id = $1`, [
      replied.json().id,
    ]);
    await caughtUp(b);
    expect(ids((await search(b, 'kwikspring')).body)).toEqual([]);
    expect(ids((await search(b, 'leverlock')).body)).toEqual([older]);

    // Deleted: gone from every instance's next search.
    const deleted = await a.app.inject({
      method: 'DELETE',
      url: `/api/admin/posts/${id}`,
      headers: { origin: ORIGIN, cookie: staff.cookie },
    });
    expect(deleted.statusCode).toBe(200);
    await caughtUp(b);
    expect(ids((await search(b, 'tilt latch')).body)).toEqual([older]);
    expect(ids((await search(a, 'tilt latch')).body)).toEqual([older]);
  });

  it('lays a member’s likes and bookmarks over the shared answer, never for another member or a visitor', async () => {
    const [liker, other] = [await insertMember(a), await insertMember(a)];
    const id = await insertPost(a, {
      title: 'Corner key for an aluminium screen frame',
      description: 'The corner key of my aluminium screen frame broke, which size do I need to order?',
    });
    await caughtUp(a);
    await post(a, `/api/posts/${id}/like`, liker.cookie);
    await post(a, `/api/posts/${id}/bookmark`, liker.cookie);
    const card = async (cookie?: string) =>
      (await search(a, 'corner key', cookie)).body.results.find((r) => r.post.id === id)!;
    expect((await card(liker.cookie)).post).toMatchObject({ liked: true, bookmarked: true, voteCount: 1 });
    expect((await card()).post).toMatchObject({ liked: false, bookmarked: false, voteCount: 1 });
    expect((await card(other.cookie)).post).toMatchObject({ liked: false, bookmarked: false, voteCount: 1 });
    const marked = await card(liker.cookie);
    // The member's version keeps the result's highlighting and rank.
    expect(marked.title.filter((s) => s.match).map((s) => s.text)).toEqual(['Corner', 'key']);
    expect(marked.rank).toBe((await card()).rank);
    // Unliked: the member's next search says so.
    await post(a, `/api/posts/${id}/like`, liker.cookie);
    expect((await card(liker.cookie)).post).toMatchObject({ liked: false, bookmarked: true, voteCount: 0 });
  });

  it('keeps nothing for staff, for pending or denied searches, for a bad cursor, or with SEARCH_CACHE=false', async () => {
    const staff = await insertMember(a);
    await makeStaff(a, staff.me.id);
    await insertPost(a, {
      title: 'Pending question about a bronze letter plate',
      status: 'pending',
      description: 'A bronze letter plate with a sprung flap that no longer closes by itself.',
    });
    await caughtUp(a);
    const entries = () => a.app.services.searchCache!.stats.entries;
    const before = entries();
    expect((await search(a, 'letter plate', staff.cookie)).body.total).toBe(0);
    const pending = await get(a, '/api/search?q=letter%20plate&status=pending', staff.cookie);
    expect(pending.json().total).toBe(1);
    expect(pending.headers['cache-control']).toBe('private, no-store');
    expect((await get(a, '/api/search?q=letter%20plate&cursor=nonsense')).statusCode).toBe(400);
    expect(entries()).toBe(before);

    expect(off.app.services.searchCache).toBeNull();
    const plain = await get(off, '/api/search?q=letter%20plate');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers.etag).toBeUndefined();
    expect(plain.json().total).toBe(0);
  });
});
