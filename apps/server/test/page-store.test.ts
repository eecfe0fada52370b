import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { insertMember, ORIGIN, type TestApp } from './helpers.js';
import { askBody, get, insertPost, makeStaff, post, sqlQuery } from './post-fixtures.js';
import { content, readAt, twoInstancesDrawingPages, type TwoInstances } from './kept-pages-fixture.js';

// Post pages drawn once for visitors and kept in PostgreSQL for every instance (decision 039): two instances on one
// database, each with its own memory; what one draws the other sends, and every change made through one drops it.
const stored = async (t: TestApp, id: string) =>
  (
    await sqlQuery<{ key: string; tags: string[] }>(t, `SELECT key, tags FROM rendered_pages WHERE key LIKE $1`, [
      `%:/post/${id}`,
    ])
  ).rows;

describe('post pages kept in the database', () => {
  let a: TestApp;
  let b: TestApp;
  let two: TwoInstances;
  let author: Awaited<ReturnType<typeof insertMember>>;
  let replier: Awaited<ReturnType<typeof insertMember>>;
  let staff: Awaited<ReturnType<typeof insertMember>>;

  beforeAll(async () => {
    two = await twoInstancesDrawingPages();
    ({ a, b } = two);
    author = await insertMember(a, { username: 'sash-author' });
    replier = await insertMember(a, { username: 'sash-replier' });
    staff = await insertMember(a);
    await makeStaff(a, staff.me.id, 'admin');
  }, 180_000);
  afterAll(async () => {
    await two?.close();
  });
  const caughtUp = () => two.caughtUp();
  const forget = () => two.forget();
  const page = async (t: TestApp, id: string) => {
    const res = await get(t, `/post/${id}`);
    expect(res.statusCode).toBe(200);
    return res;
  };
  /** A post of `author` with a reply of `replier`, its page drawn once on `a` and kept. */
  async function keptPost(title: string) {
    const id = await insertPost(a, { userId: author.me.id, title, createdAt: new Date('2026-11-01T10:00:00Z') });
    const replied = await post(a, `/api/posts/${id}/replies`, replier.cookie, {
      content: 'The keeper plate is cracked: replace it before the latch.',
    });
    expect(replied.statusCode).toBe(201);
    await caughtUp();
    await page(a, id);
    // The row is written beside the answer: settled() waits for it.
    await caughtUp();
    expect(await stored(a, id)).toHaveLength(1);
    return { id, replyId: replied.json().id as string };
  }

  it('sends the page another instance drew, byte for byte as drawn from scratch, with the time it was sent', async () => {
    const { id } = await keptPost('Casement hinge arm bent after a storm');
    const [row] = await stored(a, id);
    expect(row!.tags).toEqual(
      expect.arrayContaining([`post:${id}`, `member:${author.me.id}`, `member:${replier.me.id}`]),
    );
    expect(row!.tags).not.toContain('lists');

    forget();
    const found = b.app.services.pageStore.stats.found;
    const fromStore = await page(b, id);
    expect(b.app.services.pageStore.stats.found).toBe(found + 1);
    expect(content(fromStore.body)).toContain('Casement hinge arm bent after a storm');
    // Its stream's `since` is when it was found current, not when it was drawn.
    expect(readAt(fromStore.body)).toMatch(/^\d+\.[0-9a-f]+$/);

    // A browser (taking br and gzip) is sent the bytes kept compressed, finished with its own time: the same page.
    forget();
    const compressed = await b.app.inject({
      method: 'GET',
      url: `/post/${id}`,
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(b.app.services.pageStore.stats.found).toBe(found + 2);
    expect(compressed.headers['content-encoding']).toBe('gzip');
    const unzipped = gunzipSync(compressed.rawPayload).toString();
    expect(content(unzipped)).toBe(content(fromStore.body));
    expect(readAt(unzipped)).toMatch(/^\d+\.[0-9a-f]+$/);
    expect(compressed.headers.etag).toBe(fromStore.headers.etag);
    // Asked again from memory by a client that takes no gzip: the page itself.
    const plain = await page(b, id);
    expect(b.app.services.pageStore.stats.found).toBe(found + 2);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(unzipped);

    // Drawn again with nothing kept: the same bytes, the same ETag.
    await sqlQuery(a, 'DELETE FROM rendered_pages');
    forget();
    const fresh = await page(b, id);
    expect(b.app.services.pageStore.stats.found).toBe(found + 2);
    expect(content(fresh.body)).toBe(content(fromStore.body));
    expect(fresh.headers.etag).toBe(fromStore.headers.etag);
  });

  it('drops a kept page on every instance at an edit, a reply, a like, a moderation action, a profile change and a settings change', async () => {
    const { id, replyId } = await keptPost('Sliding door roller grinds on the track');
    const version = (await get(a, `/api/posts/${id}`)).json().version as number;
    const changes: [string, () => Promise<{ statusCode: number }>, (html: string) => void][] = [
      [
        'an edit',
        () =>
          a.app.inject({
            method: 'PATCH',
            url: `/api/posts/${id}`,
            headers: { origin: ORIGIN, cookie: author.cookie },
            payload: askBody({ version, title: 'Sliding door roller grinds and jumps the track' }),
          }),
        (html) => expect(html).toContain('Sliding door roller grinds and jumps the track'),
      ],
      [
        'a reply',
        () => post(a, `/api/posts/${id}/replies`, replier.cookie, { content: 'Lift the panel and clean the groove.' }),
        (html) => expect(html).toContain('Lift the panel and clean the groove.'),
      ],
      [
        'a like',
        () => post(a, `/api/posts/${id}/like`, replier.cookie),
        (html) => expect(html).toMatch(/"voteCount":1\b/),
      ],
      [
        'a moderation action',
        () =>
          a.app.inject({
            method: 'DELETE',
            url: `/api/admin/replies/${replyId}`,
            headers: { origin: ORIGIN, cookie: staff.cookie },
          }),
        (html) => expect(html).not.toContain('The keeper plate is cracked'),
      ],
      [
        'a profile change',
        () =>
          a.app.inject({
            method: 'PATCH',
            url: '/api/settings/profile',
            headers: { origin: ORIGIN, cookie: replier.cookie },
            payload: { username: 'roller-fixer' },
          }),
        (html) => expect(html).toContain('roller-fixer'),
      ],
      [
        "the site's settings",
        () =>
          a.app.inject({
            method: 'PUT',
            url: '/api/admin/settings',
            headers: { origin: ORIGIN, cookie: staff.cookie },
            payload: { siteName: 'Sash and Sill' },
          }),
        (html) => expect(/<title>[^<]*<\/title>/.exec(html)?.[0]).toContain('Sash and Sill'),
      ],
    ];
    for (const [what, change, shows] of changes) {
      await page(a, id);
      await caughtUp();
      expect(await stored(a, id), `kept before ${what}`).toHaveLength(1);
      expect((await change()).statusCode, what).toBeLessThan(300);
      await caughtUp();
      expect(await stored(a, id), `dropped by ${what}`).toEqual([]);
      forget();
      const found = b.app.services.pageStore.stats.found;
      shows(content((await page(b, id)).body));
      expect(b.app.services.pageStore.stats.found, `drawn again after ${what}`).toBe(found);
    }
  });

  it('draws again when the similar questions it showed changed (the job writes them without an event)', async () => {
    const { id } = await keptPost('Window crank spins without opening');
    const other = await insertPost(a, { userId: author.me.id, title: 'Crank handle strips on an awning window' });
    forget();
    const found = b.app.services.pageStore.stats.found;
    expect(content((await page(b, id)).body)).not.toContain('Crank handle strips on an awning window');
    expect(b.app.services.pageStore.stats.found).toBe(found + 1);
    await sqlQuery(
      a,
      `INSERT INTO post_similar (post_id, similar_post_id, score, source, updated_at) VALUES ($1, $2, 0.9, 'text', now())`,
      [id, other],
    );
    forget();
    expect(content((await page(b, id)).body)).toContain('Crank handle strips on an awning window');
    expect(b.app.services.pageStore.stats.found).toBe(found + 1);
    await caughtUp();

    // A listed question's new title (written here with no event) shows too: the page is drawn again.
    await sqlQuery(a, `UPDATE posts SET title = 'Crank handle strips on a casement window' WHERE id = $1`, [other]);
    forget();
    expect(content((await page(b, id)).body)).toContain('Crank handle strips on a casement window');
    expect(b.app.services.pageStore.stats.found).toBe(found + 1);
    // Unchanged since: sent from the row.
    await caughtUp();
    forget();
    expect(content((await page(b, id)).body)).toContain('Crank handle strips on a casement window');
    expect(b.app.services.pageStore.stats.found).toBe(found + 2);
  });

  it('keeps a page in memory through a change elsewhere, and drops it on every instance when a question it lists changes', async () => {
    const { id } = await keptPost('Storm door closer slams shut');
    const listed = await insertPost(a, { userId: author.me.id, title: 'Storm door closer leaks oil' });
    const elsewhere = await insertPost(a, { userId: author.me.id, title: 'Patio screen latch will not catch' });
    await sqlQuery(
      a,
      `INSERT INTO post_similar (post_id, similar_post_id, score, source, updated_at) VALUES ($1, $2, 0.9, 'text', now())`,
      [id, listed],
    );
    forget();
    expect(content((await page(b, id)).body)).toContain('Storm door closer leaks oil');
    await caughtUp();
    const { fills } = b.app.services.publicCache.stats;

    // A like on a question the page does not list: b sends the page from its memory still.
    expect((await post(a, `/api/posts/${elsewhere}/like`, replier.cookie)).statusCode).toBeLessThan(300);
    await caughtUp();
    expect(content((await page(b, id)).body)).toContain('Storm door closer leaks oil');
    expect(b.app.services.publicCache.stats.fills).toBe(fills);
    // So does a page b found in the table (the posts it lists are read with it).
    forget();
    const found = b.app.services.pageStore.stats.found;
    await page(b, id);
    expect(b.app.services.pageStore.stats.found).toBe(found + 1);
    const refilled = b.app.services.publicCache.stats.fills;
    expect((await post(a, `/api/posts/${elsewhere}/like`, staff.cookie)).statusCode).toBeLessThan(300);
    await caughtUp();
    await page(b, id);
    expect(b.app.services.publicCache.stats.fills).toBe(refilled);

    // The listed question's new title, through a: b's memory drops the page, and it shows the new title.
    const version = (await get(a, `/api/posts/${listed}`)).json().version as number;
    const edited = await a.app.inject({
      method: 'PATCH',
      url: `/api/posts/${listed}`,
      headers: { origin: ORIGIN, cookie: author.cookie },
      payload: askBody({ version, title: 'Storm door closer leaks oil everywhere' }),
    });
    expect(edited.statusCode).toBe(200);
    await caughtUp();
    expect(content((await page(b, id)).body)).toContain('Storm door closer leaks oil everywhere');
    expect(b.app.services.publicCache.stats.fills).toBeGreaterThan(refilled);
  });

  it('sends a page a change dropped as it was, with its old read-at, only to readers that come while another draws it', async () => {
    const { id } = await keptPost('Awning window chain operator jams');
    const before = (await page(b, id)).body;
    expect(await stored(a, id)).toHaveLength(1);
    const replied = await post(a, `/api/posts/${id}/replies`, replier.cookie, {
      content: 'Oil the chain links first.',
    });
    expect(replied.statusCode).toBe(201);
    await caughtUp();
    // Both asked at once: the first draws the page again; the second is sent the one before the reply, whose read-at
    // precedes the reply (its live stream catches up with it).
    const [drawn, meanwhile] = await Promise.all([page(b, id), page(b, id)]);
    expect(drawn.body).toContain('Oil the chain links first.');
    expect(meanwhile.body).toBe(before);
    expect(readAt(meanwhile.body)).toBe(readAt(before));
    // A read after the drawing gets the new page.
    expect((await page(b, id)).body).toBe(drawn.body);
  });

  it('keeps no more than its cap, the oldest going first', async () => {
    // The pages the tests before drew are written beside their answers: counted once they are all in.
    await caughtUp();
    const others = (await sqlQuery<{ n: number }>(a, 'SELECT count(*)::int AS n FROM rendered_pages')).rows[0]!.n;
    await sqlQuery(
      a,
      `INSERT INTO rendered_pages (key, path, etag, tags, bytes, gzip_head, head_crc, head_bytes, tail, stored_at)
       SELECT 'cap-test:' || g, '/', 'x', '{}', 1, '', 0, 0, '', now() - make_interval(days => 1000 - g)
       FROM generate_series(1, 10) g`,
    );
    await a.app.services.pageStore.evict({ maxRows: others + 5 });
    const kept = await sqlQuery<{ key: string }>(a, `SELECT key FROM rendered_pages WHERE key LIKE 'cap-test:%'`);
    expect(kept.rows.map((row) => row.key).sort()).toEqual([
      'cap-test:10',
      'cap-test:6',
      'cap-test:7',
      'cap-test:8',
      'cap-test:9',
    ]);
    expect((await sqlQuery(a, 'SELECT 1 FROM rendered_pages')).rowCount).toBe(others + 5);
  });
});
