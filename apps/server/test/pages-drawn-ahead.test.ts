import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMember, type TestApp } from './helpers.js';
import { get, insertPost, post, sqlQuery } from './post-fixtures.js';
import { content, twoInstancesDrawingPages, type TwoInstances } from './kept-pages-fixture.js';

// Post pages drawn ahead of their first visitor (decision 046): two instances on one database, each with its own
// memory. What the drawer keeps is what a visitor's first read would have drawn, byte for byte; a change draws it
// again; one instance draws at a time.
const keptIds = async (t: TestApp) =>
  (await sqlQuery<{ key: string }>(t, `SELECT key FROM rendered_pages`)).rows.map((row) => row.key.split('/post/')[1]);

describe('post pages drawn ahead of their first visitor', () => {
  let a: TestApp;
  let b: TestApp;
  let two: TwoInstances;
  let author: Awaited<ReturnType<typeof insertMember>>;
  let replier: Awaited<ReturnType<typeof insertMember>>;

  beforeAll(async () => {
    two = await twoInstancesDrawingPages();
    ({ a, b } = two);
    author = await insertMember(a, { username: 'frame-author' });
    replier = await insertMember(a, { username: 'frame-replier' });
  }, 180_000);
  afterAll(async () => {
    await two?.close();
  });
  const caughtUp = () => two.caughtUp();
  const forget = () => two.forget();
  const page = async (t: TestApp, url: string) => {
    const res = await get(t, url);
    expect(res.statusCode).toBe(200);
    return res;
  };

  it("keeps every public post's page before anyone reads it, as a visitor's first read draws it", async () => {
    const open = await insertPost(a, { userId: author.me.id, title: 'Awning window operator arm snapped' });
    const solved = await insertPost(a, {
      userId: author.me.id,
      title: 'Storm door closer leaks oil',
      status: 'solved',
    });
    const pending = await insertPost(a, {
      userId: author.me.id,
      title: 'Pending question nobody sees',
      status: 'pending',
    });
    // The posts' own changes heard first: a drop heard while a page is drawn keeps that page out of the store.
    await caughtUp();
    await a.app.pageDrawer!.drain({ all: true });
    const kept = await keptIds(a);
    expect(kept).toEqual(expect.arrayContaining([open, solved]));
    expect(kept).not.toContain(pending);

    // The other instance's first read is sent from the row, not drawn.
    const found = b.app.services.pageStore.stats.found;
    const fromStore = await page(b, `/post/${open}`);
    expect(b.app.services.pageStore.stats.found).toBe(found + 1);
    expect(fromStore.body).toContain('Awning window operator arm snapped');
    // The address with the slug (what links and search engines use) is the same page, from the same row.
    const slugged = await page(b, `/post/${open}/awning-window-operator-arm-snapped`);
    expect(b.app.services.pageStore.stats.found).toBe(found + 2);
    expect(content(slugged.body)).toBe(content(fromStore.body));
    // Another slug (a renamed question's old one) is still redirected to the page's address, not sent the page.
    const stale = await get(b, `/post/${open}/awning-window-arm-snapped`);
    expect(stale.statusCode).toBe(301);
    expect(stale.headers.location).toBe(`/post/${open}/awning-window-operator-arm-snapped`);
    expect(b.app.services.pageStore.stats.found).toBe(found + 2);

    // Byte for byte what drawing it now makes, with the same ETag, at both addresses.
    await sqlQuery(a, 'DELETE FROM rendered_pages');
    forget();
    for (const url of [`/post/${open}`, `/post/${open}/awning-window-operator-arm-snapped`]) {
      await caughtUp();
      await sqlQuery(a, 'DELETE FROM rendered_pages');
      forget();
      const fresh = await page(b, url);
      expect(b.app.services.pageStore.stats.found).toBe(found + 2);
      expect(content(fresh.body)).toBe(content(fromStore.body));
      expect(fresh.headers.etag).toBe(fromStore.headers.etag);
    }
  });

  it('draws a page again after a change drops it, and only the pages it dropped', async () => {
    const id = await insertPost(a, { userId: author.me.id, title: 'Patio door handle spins freely' });
    const other = await insertPost(a, { userId: author.me.id, title: 'Skylight crank gear worn smooth' });
    // As above: a post's own arrival heard while its page is drawn would keep that page out of the store.
    await caughtUp();
    await a.app.pageDrawer!.drain({ all: true });
    expect(await keptIds(a)).toEqual(expect.arrayContaining([id, other]));
    const [before] = (
      await sqlQuery<{ stored_at: string }>(a, `SELECT stored_at::text FROM rendered_pages WHERE key LIKE $1`, [
        `%/post/${other}`,
      ])
    ).rows;

    const replied = await post(a, `/api/posts/${id}/replies`, replier.cookie, {
      content: 'The spindle is sheared: a new one comes with the trim kit.',
    });
    expect(replied.statusCode).toBe(201);
    await caughtUp();
    expect(await keptIds(a)).not.toContain(id);

    // The instance that heard the reply draws the post's page again.
    const drawn = b.app.pageDrawer!.stats.drawn;
    await b.app.pageDrawer!.drain();
    expect(b.app.pageDrawer!.stats.drawn).toBe(drawn + 1);
    expect(await keptIds(a)).toContain(id);
    const [after] = (
      await sqlQuery<{ stored_at: string }>(a, `SELECT stored_at::text FROM rendered_pages WHERE key LIKE $1`, [
        `%/post/${other}`,
      ])
    ).rows;
    expect(after).toEqual(before);

    forget();
    const found = a.app.services.pageStore.stats.found;
    expect((await page(a, `/post/${id}`)).body).toContain('The spindle is sheared: a new one comes with the trim kit.');
    expect(a.app.services.pageStore.stats.found).toBe(found + 1);
  });

  it('leaves the drawing to the instance that holds it: one draws at a time', async () => {
    const id = await insertPost(a, { userId: author.me.id, title: 'Casement lock keeper bent out of line' });
    await caughtUp();
    // Another instance drawing: it holds the drawers' advisory lock.
    const holder = await a.app.services.database.pool.connect();
    try {
      await holder.query(`SELECT pg_advisory_lock(hashtext('fenestra:page-drawer'))`);
      const passes = b.app.pageDrawer!.stats.passes;
      await b.app.pageDrawer!.drain({ all: true });
      expect(b.app.pageDrawer!.stats.passes).toBe(passes);
      expect(await keptIds(a)).not.toContain(id);
    } finally {
      await holder.query(`SELECT pg_advisory_unlock(hashtext('fenestra:page-drawer'))`);
      holder.release();
    }
    await b.app.pageDrawer!.drain({ all: true });
    expect(await keptIds(a)).toContain(id);
  });
});
