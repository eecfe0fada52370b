import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { buildWebIfNeeded } from '../../../scripts/build-web-if-needed.mjs';
import { createTestApp, signUpMember, type TestApp } from './helpers.js';
import { get, insertPost, post, sqlQuery } from './post-fixtures.js';

// The home list and the post page come drawn by the server from the API's own answers (docs/decisions/013).
const webDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

const root = (html: string) =>
  html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json"'));
const serverData = (html: string) =>
  JSON.parse(/<script type="application\/json" id="fenestra-data"[^>]*>([^<]*)<\/script>/.exec(html)![1]!) as {
    key: unknown[];
    data: unknown;
  }[];
/** Every <script> must load a file of ours or carry data (JSON, JSON-LD): the CSP runs no inline script. */
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>/g)].filter((m) => !/\bsrc=|type="application\/(ld\+)?json"/.test(m[1]!));

describe('server-rendered pages', () => {
  let t: TestApp;
  let openId: string;
  let pendingId: string;
  let member: Awaited<ReturnType<typeof signUpMember>>;
  beforeAll(async () => {
    // CI has just built the web app and its renderer; elsewhere this builds them when stale.
    buildWebIfNeeded();
    t = await createTestApp({ WEB_DIST: webDist });
    member = await signUpMember(t.app);
    openId = await insertPost(t, { userId: member.me.id, status: 'open', title: 'Casement operator strips its gear' });
    pendingId = await insertPost(t, {
      userId: member.me.id,
      status: 'pending',
      title: 'Pending question nobody sees yet',
    });
    // An uploaded avatar with its copies (decision 016).
    await sqlQuery(
      t,
      `UPDATE profiles SET avatar_url = $2, avatar_width = 512, avatar_height = 512, avatar_variant_widths = '{48,96,192}' WHERE id = $1`,
      [member.me.id, `/media/avatars/${member.me.id}/1-a.jpg`],
    );
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it('draws the home list into the HTML with the data it was drawn from, and no inline script', async () => {
    const res = await get(t, '/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(root(res.body)).toContain('Casement operator strips its gear');
    expect(res.body).not.toContain('Pending question nobody sees yet');
    const list = serverData(res.body).find((entry) => entry.key[0] === 'posts')!;
    expect(list.data).toMatchObject({ pages: [{ posts: [{ id: openId, liked: false }] }] });
    expect(inlineScripts(res.body)).toEqual([]);
    // With the time its data was read, for the page's live stream (modules/events, `since`).
    expect(res.body).toMatch(
      /<template id="fenestra-read-at" data-read-at="\d+\.[0-9a-f]+"><\/template>\n {2}<\/body>/,
    );
    // Its code is fetched after the first paint (docs/decisions/017): listed inert, for public/boot.js.
    expect(res.body).toContain('<script src="/boot.js" data-app-after-paint></script>');
    expect(res.body).toMatch(/<link data-after-paint="module" href="\/assets\/index-[^"]+\.js">/);
    expect(res.body).not.toMatch(/<script type="module"|rel="modulepreload"/);
    // The same page for every visitor, from the public-read cache.
    expect(res.headers['cache-control']).toBe('no-cache');
    expect((await get(t, '/')).headers.etag).toBe(res.headers.etag);
  });

  it("draws a card's avatar from its smallest copies, at the size shown, lazy below the first card", async () => {
    const avatar = `/media/avatars/${member.me.id}/1-a`;
    const img = /<img [^>]*srcSet="[^"]*"[^>]*>/.exec(root((await get(t, '/')).body))![0];
    expect(img).toContain(
      `srcSet="${avatar}.w48.webp 48w, ${avatar}.w96.webp 96w, ${avatar}.w192.webp 192w, ${avatar}.jpg 512w"`,
    );
    expect(img).toContain('sizes="24px"');
    expect(img).toContain('width="24" height="24"');
    // The first card is above the fold: its avatar comes with the page.
    expect(img).not.toContain('loading="lazy"');
  });

  it("gives a member a page of their own, with their marks, never the visitors' one", async () => {
    expect((await post(t, `/api/posts/${openId}/like`, member.cookie)).statusCode).toBe(200);
    const mine = await get(t, '/', member.cookie);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    const data = serverData(mine.body);
    expect(data.find((entry) => entry.key[0] === 'me')!.data).toMatchObject({ id: member.me.id });
    expect(data.find((entry) => entry.key[0] === 'posts')!.data).toMatchObject({
      pages: [{ posts: [{ id: openId, liked: true }] }],
    });
    const visitor = await get(t, '/');
    expect(serverData(visitor.body).find((entry) => entry.key[0] === 'me')!.data).toBeNull();
    expect(serverData(visitor.body).find((entry) => entry.key[0] === 'posts')!.data).toMatchObject({
      pages: [{ posts: [{ id: openId, liked: false }] }],
    });
  });

  it("draws a public post's page, and leaves a post the visitor may not see to the browser", async () => {
    const page = await get(t, `/post/${openId}`);
    expect(page.statusCode).toBe(200);
    expect(root(page.body)).toContain('Casement operator strips its gear');
    expect(page.body).toContain('<title>Casement operator strips its gear · Fenestra</title>');
    // The post page's code is preloaded with the app's, after the first paint, so hydration does not wait for it.
    expect(page.body).toMatch(/<link data-after-paint="modulepreload" href="\/assets\/post-[^"]+\.js">/);
    expect(page.body).not.toMatch(/<script type="module"|rel="modulepreload"/);
    expect(inlineScripts(page.body)).toEqual([]);
    // To a visitor a pending post is not there (decision 034): the server's not-found page, answered 404.
    const hidden = await get(t, `/post/${pendingId}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toContain('Pending question nobody sees yet');
    // Its author sees it, drawn by the browser: a page the browser draws loads its code at once.
    const own = await get(t, `/post/${pendingId}`, member.cookie);
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain('<div id="root"></div>');
    expect(own.body).toMatch(/<script type="module" crossorigin src="\/assets\/index-[^"]+\.js"><\/script>/);
    expect(own.body).toContain('<script src="/boot.js"></script>');
  });
});
