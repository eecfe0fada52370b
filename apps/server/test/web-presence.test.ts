import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import Parser from 'rss-parser';
import { parseSitemap, parseSitemapIndex } from 'sitemap';
import { Readable } from 'node:stream';
import { canonicalPostPath, postSlug } from '@fenestra/shared';
import { buildWebIfNeeded } from '../../../scripts/build-web-if-needed.mjs';
import { ORIGIN, createTestApp, insertMember, type TestApp } from './helpers.js';
import { get, insertPost, makeStaff, sqlQuery } from './post-fixtures.js';

// Found on the web (issue 27, decision 034): real status codes, robots.txt, sitemaps, canonical addresses and slugs,
// Open Graph and Twitter tags, QAPage structured data, feeds and tag lists.
const webDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

const head = (html: string) => html.slice(0, html.indexOf('</head>'));
const metaOf = (html: string, attr: string, key: string) =>
  new RegExp(`<meta ${attr}="${key.replace('.', '\\.')}" content="([^"]*)"`).exec(html)?.[1];
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
const jsonLdOf = (html: string) =>
  JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!) as {
    '@type': string;
    mainEntity: Record<string, unknown> & {
      acceptedAnswer?: Record<string, unknown>;
      suggestedAnswer?: Record<string, unknown>[];
    };
  };

describe('web presence', () => {
  let t: TestApp;
  let author: Awaited<ReturnType<typeof insertMember>>;
  let openId: string;
  let solvedId: string;
  let pendingId: string;
  let acceptedReplyId: string;
  let otherReplyId: string;
  beforeAll(async () => {
    buildWebIfNeeded();
    t = await createTestApp({ WEB_DIST: webDist, SITEMAP_PAGE_SIZE: '2' });
    author = await insertMember(t, { username: 'sashfixer' });
    openId = await insertPost(t, {
      userId: author.me.id,
      title: 'Casement operator strips its gear',
      topic: 'windows',
      createdAt: new Date('2026-01-01T10:00:00Z'),
    });
    await sqlQuery(t, `INSERT INTO post_tags (post_id, tag) VALUES ($1, 'Casement'), ($1, 'operator')`, [openId]);
    solvedId = await insertPost(t, {
      userId: author.me.id,
      status: 'solved',
      title: 'Patio door roller replacement',
      topic: 'doors',
      votes: 4,
      createdAt: new Date('2026-01-02T10:00:00Z'),
    });
    await sqlQuery(t, `INSERT INTO post_tags (post_id, tag) VALUES ($1, 'casement')`, [solvedId]);
    const replier = await insertMember(t, { username: 'rollerpro' });
    const { rows } = await sqlQuery<{ id: string }>(
      t,
      `INSERT INTO replies (post_id, user_id, content, helpful_count, created_at) VALUES
         ($1, $2, 'Swap the **tandem roller** for the 2-wheel one.', 3, '2026-01-03T10:00:00Z'),
         ($1, $2, 'Check the track first, it may be bent.', 1, '2026-01-04T10:00:00Z') RETURNING id`,
      [solvedId, replier.me.id],
    );
    acceptedReplyId = rows[0]!.id;
    otherReplyId = rows[1]!.id;
    await sqlQuery(t, 'UPDATE posts SET accepted_reply_id = $2, reply_count = 2 WHERE id = $1', [
      solvedId,
      acceptedReplyId,
    ]);
    pendingId = await insertPost(t, { userId: author.me.id, status: 'pending', title: 'Pending question nobody sees' });
    await insertPost(t, { status: 'open', title: 'Screen spline keeps popping out', topic: 'screens' });
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  describe('status codes', () => {
    it("answers 404 with SPEC's 'Oops! Page not found' page, drawn by the server, for an unknown address", async () => {
      const res = await get(t, '/no/such/page');
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('Oops! Page not found');
      expect(res.body).toContain('<div id="root" data-drawn-at="/404">');
      expect(res.body).toContain('<meta name="robots" content="noindex" />');
      expect(canonicalOf(res.body)).toBeUndefined();
    });

    it('answers 404 for a missing post, a malformed id and a pending post seen by a visitor; its author sees it', async () => {
      for (const path of [`/post/${crypto.randomUUID()}`, '/post/not-an-id', `/post/${pendingId}`]) {
        const res = await get(t, path);
        expect(res.statusCode, path).toBe(404);
        expect(res.body, path).toContain('Oops! Page not found');
      }
      expect((await get(t, `/post/${pendingId}`, author.cookie)).statusCode).toBe(200);
      const other = await insertMember(t);
      expect((await get(t, `/post/${pendingId}`, other.cookie)).statusCode).toBe(404);
      const staff = await insertMember(t);
      await makeStaff(t, staff.me.id);
      expect((await get(t, `/post/${pendingId}`, staff.cookie)).statusCode).toBe(200);
    });

    it('answers 410 Gone for a deleted question', async () => {
      const doomed = await insertPost(t, { title: 'A question that will be deleted soon' });
      expect((await get(t, `/post/${doomed}`)).statusCode).toBe(200);
      await sqlQuery(t, 'DELETE FROM posts WHERE id = $1', [doomed]);
      t.app.services.publicCache.clear();
      const res = await get(t, `/post/${doomed}`);
      expect(res.statusCode).toBe(410);
      expect(res.body).toContain('Oops! Page not found');
      expect((await get(t, `/post/${doomed}/any-slug`)).statusCode).toBe(410);
    });

    it('answers 404 for an unknown member and 200 with a canonical link for a known one', async () => {
      expect((await get(t, '/user/nobody-by-that-name')).statusCode).toBe(404);
      const res = await get(t, '/user/SashFixer');
      expect(res.statusCode).toBe(200);
      expect(canonicalOf(res.body)).toBe(`${ORIGIN}/user/sashfixer`);
    });

    it('answers 404 as text for a missing stored file or asset, never the app shell', async () => {
      for (const path of [
        '/media/images/nothing-here',
        '/media/images/missing.jpg',
        '/assets/gone.js',
        '/missing.png',
      ]) {
        const res = await get(t, path);
        expect(res.statusCode, path).toBe(404);
        expect(res.headers['content-type'], path).toContain('text/plain');
        expect(res.body, path).not.toContain('<div id="root"');
      }
    });

    it("keeps the app's own pages at 200: sign-in, search, settings, admin, a post's edit page", async () => {
      for (const path of [
        '/auth',
        '/search?q=hinge',
        '/settings',
        '/admin/users',
        `/post/${openId}/edit`,
        '/privacy',
      ]) {
        expect((await get(t, path)).statusCode, path).toBe(200);
      }
    });
  });

  describe('robots.txt and sitemaps', () => {
    it('disallows admin, auth, settings, search results and the API, and names the sitemap', async () => {
      const res = await get(t, '/robots.txt');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
      const lines = res.body.split('\n');
      for (const path of ['/admin', '/auth', '/settings', '/search', '/api/'])
        expect(lines).toContain(`Disallow: ${path}`);
      expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    });

    it('serves a sitemap index whose pages hold at most the page size of public posts, tags, topics and parts', async () => {
      const index = await get(t, '/sitemap.xml');
      expect(index.statusCode).toBe(200);
      expect(index.headers['content-type']).toContain('application/xml');
      const pages = (await parseSitemapIndex(Readable.from([index.body]))).map((entry) => entry.url);
      // 3 public posts at 2 a page: 2 pages; 7 fixed pages (home, 5 topics, tags): 4 pages.
      expect(pages.filter((url) => url.includes('/sitemaps/posts-'))).toEqual([
        `${ORIGIN}/sitemaps/posts-1.xml`,
        `${ORIGIN}/sitemaps/posts-2.xml`,
      ]);
      expect(pages).toContain(`${ORIGIN}/sitemaps/tags-1.xml`);
      // No part number yet: no parts page (parts.test.ts lists them).
      expect(pages.some((url) => url.includes('/sitemaps/parts-'))).toBe(false);
      const urls: { url: string; lastmod?: string }[] = [];
      for (const page of pages) {
        const res = await get(t, new URL(page).pathname);
        expect(res.statusCode, page).toBe(200);
        const items = await parseSitemap(Readable.from([res.body]));
        expect(items.length, page).toBeLessThanOrEqual(2);
        urls.push(...items);
      }
      const listed = urls.map((u) => u.url);
      expect(listed).toContain(`${ORIGIN}${canonicalPostPath(openId, 'Casement operator strips its gear')}`);
      expect(listed.some((url) => url.includes(pendingId))).toBe(false);
      expect(listed).toContain(`${ORIGIN}/?topic=doors`);
      expect(listed).toContain(`${ORIGIN}/tags/casement`);
      // lastmod is the latest edit or reply.
      const solved = urls.find((u) => u.url.includes(solvedId))!;
      expect(new Date(solved.lastmod!).toISOString()).toBe('2026-01-04T10:00:00.000Z');
      expect((await get(t, '/sitemaps/posts-3.xml')).statusCode).toBe(404);
      expect((await get(t, '/sitemaps/nonsense-1.xml')).statusCode).toBe(404);
    });

    it('serves the sitemap from the public-read cache until a change drops it', async () => {
      const first = await get(t, '/sitemap.xml');
      const again = await get(t, '/sitemap.xml');
      expect(again.headers.etag).toBe(first.headers.etag);
      const fills = t.app.services.publicCache.stats.fills;
      await get(t, '/sitemap.xml');
      expect(t.app.services.publicCache.stats.fills).toBe(fills);
    });
  });

  describe('canonical addresses, slugs and link previews', () => {
    it('gives a post its canonical /post/:id/:slug, and redirects a stale slug there', async () => {
      const canonical = canonicalPostPath(openId, 'Casement operator strips its gear');
      expect(canonical).toBe(`/post/${openId}/casement-operator-strips-its-gear`);
      const plain = await get(t, `/post/${openId}`);
      expect(plain.statusCode).toBe(200);
      expect(canonicalOf(plain.body)).toBe(`${ORIGIN}${canonical}`);
      const slugged = await get(t, canonical);
      expect(slugged.statusCode).toBe(200);
      expect(canonicalOf(slugged.body)).toBe(`${ORIGIN}${canonical}`);
      const stale = await get(t, `/post/${openId}/an-old-title`);
      expect(stale.statusCode).toBe(301);
      expect(stale.headers.location).toBe(canonical);
      // The title changes: the old slug now redirects to the new one.
      await sqlQuery(t, `UPDATE posts SET title = 'Casement operator gear replaced' WHERE id = $1`, [openId]);
      // The change's event reaches the kept pages (decision 039) as it would after an edit; memory forgets at once.
      await t.app.services.events.listener.sync();
      await t.app.services.pageStore.settled();
      t.app.services.publicCache.clear();
      const moved = await get(t, canonical);
      expect(moved.statusCode).toBe(301);
      expect(moved.headers.location).toBe(`/post/${openId}/${postSlug('Casement operator gear replaced')}`);
      await sqlQuery(t, `UPDATE posts SET title = 'Casement operator strips its gear' WHERE id = $1`, [openId]);
      t.app.services.publicCache.clear();
    });

    it('gives every public page a canonical link, Open Graph and Twitter card tags, and its feeds', async () => {
      for (const [path, canonical] of [
        ['/', '/'],
        ['/?topic=doors&sort=votes', '/?topic=doors'],
        ['/tags', '/tags'],
        ['/tags/casement', '/tags/casement'],
        ['/resources/best-practices', '/resources/best-practices'],
      ] as const) {
        const res = await get(t, path);
        expect(res.statusCode, path).toBe(200);
        const html = head(res.body);
        expect(canonicalOf(html), path).toBe(`${ORIGIN}${canonical}`);
        expect(metaOf(html, 'property', 'og:title'), path).toBeTruthy();
        expect(metaOf(html, 'property', 'og:url'), path).toBe(`${ORIGIN}${canonical}`);
        expect(metaOf(html, 'name', 'twitter:card'), path).toBe('summary');
        expect(metaOf(html, 'name', 'twitter:title'), path).toBeTruthy();
      }
      const home = head((await get(t, '/')).body);
      expect(home).toContain(
        `<link rel="alternate" type="application/rss+xml" title="Fenestra: latest questions" href="${ORIGIN}/feeds/latest.rss" />`,
      );
      expect(home).toContain(`href="${ORIGIN}/feeds/latest.atom"`);
      const tag = head((await get(t, '/tags/casement')).body);
      expect(tag).toContain(`href="${ORIGIN}/feeds/tags/casement.rss"`);
      // A tag in capitals is the same tag: one address.
      const upper = await get(t, '/tags/Casement');
      expect(upper.statusCode).toBe(301);
      expect(upper.headers.location).toBe('/tags/casement');
      expect((await get(t, '/tags/no-such-tag')).statusCode).toBe(404);
    });

    it("describes a post for link previews: its title, text, and the question's first photo as the card", async () => {
      await sqlQuery(
        t,
        `INSERT INTO post_images (post_id, image_url, display_order) VALUES ($1, '/media/images/roller.jpg', 0)`,
        [solvedId],
      );
      t.app.services.publicCache.clear();
      const html = head((await get(t, `/post/${solvedId}`)).body);
      expect(html).toContain('<title>Patio door roller replacement · Fenestra</title>');
      expect(metaOf(html, 'property', 'og:type')).toBe('article');
      expect(metaOf(html, 'property', 'og:image')).toBe(`${ORIGIN}/media/images/roller.jpg`);
      expect(metaOf(html, 'name', 'twitter:card')).toBe('summary_large_image');
      expect(metaOf(html, 'name', 'twitter:image')).toBe(`${ORIGIN}/media/images/roller.jpg`);
      expect(html).toContain(`href="${ORIGIN}/feeds/topics/doors.rss"`);
    });

    it('carries schema.org QAPage data with the fields a Q&A result needs, the accepted reply as acceptedAnswer', async () => {
      const url = `${ORIGIN}${canonicalPostPath(solvedId, 'Patio door roller replacement')}`;
      const data = jsonLdOf((await get(t, `/post/${solvedId}`)).body);
      expect(data['@type']).toBe('QAPage');
      const question = data.mainEntity;
      expect(question).toMatchObject({
        '@type': 'Question',
        name: 'Patio door roller replacement',
        answerCount: 2,
        upvoteCount: 4,
        author: { '@type': 'Person', name: 'sashfixer', url: `${ORIGIN}/user/sashfixer` },
      });
      expect(typeof question.text).toBe('string');
      expect((question.text as string).length).toBeGreaterThan(0);
      expect(new Date(question.dateCreated as string).toISOString()).toBe('2026-01-02T10:00:00.000Z');
      expect(question.acceptedAnswer).toEqual({
        '@type': 'Answer',
        // Plain text: the Markdown's marks are gone.
        text: 'Swap the tandem roller for the 2-wheel one.',
        dateCreated: '2026-01-03T10:00:00.000Z',
        upvoteCount: 3,
        url: `${url}#reply-${acceptedReplyId}`,
        author: { '@type': 'Person', name: 'rollerpro', url: `${ORIGIN}/user/rollerpro` },
      });
      expect(question.suggestedAnswer).toEqual([
        expect.objectContaining({
          '@type': 'Answer',
          text: 'Check the track first, it may be bent.',
          upvoteCount: 1,
          url: `${url}#reply-${otherReplyId}`,
          dateCreated: '2026-01-04T10:00:00.000Z',
          author: expect.objectContaining({ name: 'rollerpro' }),
        }),
      ]);
      // An open question without replies: no answers, a count of 0.
      const open = jsonLdOf((await get(t, `/post/${openId}`)).body).mainEntity;
      expect(open.answerCount).toBe(0);
      expect(open.acceptedAnswer).toBeUndefined();
    });
  });

  describe('feeds', () => {
    const parser = new Parser();
    it('serves RSS and Atom of the latest public questions that a feed parser reads', async () => {
      const rss = await get(t, '/feeds/latest.rss');
      expect(rss.statusCode).toBe(200);
      expect(rss.headers['content-type']).toContain('application/rss+xml');
      const feed = await parser.parseString(rss.body);
      expect(feed.title).toBe('Fenestra: latest questions');
      expect(feed.items.map((item) => item.title)).toEqual([
        'Screen spline keeps popping out',
        'Patio door roller replacement',
        'Casement operator strips its gear',
      ]);
      expect(feed.items[1]!.link).toBe(`${ORIGIN}${canonicalPostPath(solvedId, 'Patio door roller replacement')}`);
      const atom = await get(t, '/feeds/latest.atom');
      expect(atom.headers['content-type']).toContain('application/atom+xml');
      const parsed = await parser.parseString(atom.body);
      expect(parsed.items).toHaveLength(3);
      expect(parsed.items.some((item) => item.title === 'Pending question nobody sees')).toBe(false);
    });

    it('serves a feed per topic and per tag; an unknown one is 404', async () => {
      const topic = await parser.parseString((await get(t, '/feeds/topics/doors.atom')).body);
      expect(topic.items.map((item) => item.title)).toEqual(['Patio door roller replacement']);
      const tag = await parser.parseString((await get(t, '/feeds/tags/casement.rss')).body);
      expect(tag.items.map((item) => item.title).sort()).toEqual([
        'Casement operator strips its gear',
        'Patio door roller replacement',
      ]);
      expect((await get(t, '/feeds/topics/roofs.rss')).statusCode).toBe(404);
      expect((await get(t, '/feeds/tags/nothing-tagged.rss')).statusCode).toBe(404);
      expect((await get(t, '/feeds/latest.json')).statusCode).toBe(404);
    });
  });

  describe('tags', () => {
    it('lists tags on public questions by use, in one case', async () => {
      const res = await get(t, '/api/tags');
      expect(res.statusCode).toBe(200);
      expect(res.json().tags).toEqual([
        { tag: 'casement', count: 2 },
        { tag: 'operator', count: 1 },
      ]);
    });

    it("lists a tag's public questions with the home list's filters and sorts", async () => {
      const all = await get(t, '/api/posts?tag=casement');
      expect(all.json().posts.map((p: { title: string }) => p.title)).toEqual([
        'Patio door roller replacement',
        'Casement operator strips its gear',
      ]);
      expect(all.json().total).toBe(2);
      const solved = await get(t, '/api/posts?tag=Casement&filter=solved');
      expect(solved.json().posts.map((p: { id: string }) => p.id)).toEqual([solvedId]);
      const topic = await get(t, '/api/posts?tag=casement&topic=windows&sort=votes');
      expect(topic.json().posts.map((p: { id: string }) => p.id)).toEqual([openId]);
    });
  });
});
