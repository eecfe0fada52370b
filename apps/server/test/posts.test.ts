import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MSG, canonicalPostPath } from '@fenestra/shared';
import { createTestApp, signUpMember, type TestApp } from './helpers.js';
import { ask, askBody, get, insertUpload, makeStaff, sqlQuery, DESCRIPTION } from './post-fixtures.js';

const counts = async (t: TestApp) => {
  const { rows } = await sqlQuery<{ posts: number; tags: number; images: number; videos: number; notes: number }>(
    t,
    `
    SELECT (SELECT count(*)::int FROM posts) AS posts, (SELECT count(*)::int FROM post_tags) AS tags,
           (SELECT count(*)::int FROM post_images) AS images, (SELECT count(*)::int FROM post_videos) AS videos,
           (SELECT count(*)::int FROM notifications) AS notes`,
  );
  return rows[0]!;
};

describe('asking a question', () => {
  let t: TestApp;
  let member: Awaited<ReturnType<typeof signUpMember>>;
  beforeAll(async () => {
    t = await createTestApp();
    member = await signUpMember(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const x = (n: number) => 'x'.repeat(n);
  it.each([
    ['a title of 9 characters after trimming', { title: `   ${x(9)}   ` }, MSG.titleMin, 'title'],
    ['a title of 151 characters', { title: x(151) }, MSG.titleMax, 'title'],
    ['a description of 49 characters', { description: x(49) }, MSG.descriptionMin, 'description'],
    ['a description of 5001 characters', { description: x(5001) }, MSG.descriptionMax, 'description'],
    ['6 tags', { tags: ['aa', 'bb', 'cc', 'dd', 'ee', 'ff'] }, MSG.tagsMax, 'tags'],
    ['a tag of 1 character', { tags: ['a'] }, MSG.tagMin, 'tags'],
    ['a tag of 31 characters', { tags: [x(31)] }, MSG.tagMax, 'tags'],
    ['a tag with #', { tags: ['#sash'] }, MSG.tagChars, 'tags'],
    ['no topic', { topic: undefined }, MSG.topicRequired, 'topic'],
    ['an unknown topic', { topic: 'roofs' }, MSG.topicRequired, 'topic'],
  ])('refuses %s with its message', async (_case, over, message, field) => {
    const before = await counts(t);
    const res = await ask(t, member.cookie, askBody(over));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, field });
    expect((await counts(t)).posts).toBe(before.posts);
  });

  it.each([
    ['a title of 10 characters after trimming', { title: `  ${x(10)}  ` }],
    ['a title of 150 characters', { title: x(150) }],
    ['a description of 50 characters', { description: x(50) }],
    ['a description of 5000 characters', { description: x(5000) }],
    ['5 tags', { tags: ['aa', 'bb', 'cc', 'dd', 'ee'] }],
    ['tags of 2 and 30 characters with spaces and dashes', { tags: ['ab', `Sash-${x(20)} 1234`] }],
  ])('accepts %s', async (_case, over) => {
    const res = await ask(t, member.cookie, askBody(over));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(String), status: 'pending' });
  });

  it('refuses visitors with 401', async () => {
    const res = await ask(t, undefined, askBody());
    expect(res.statusCode).toBe(401);
  });

  it('creates a pending post with its tags, images in order and video', async () => {
    const images = [
      await insertUpload(t, member.me.id, 'image'),
      await insertUpload(t, member.me.id, 'image'),
      await insertUpload(t, member.me.id, 'image'),
    ];
    const video = await insertUpload(t, member.me.id, 'video', { mimeType: 'video/quicktime', duration: 12.5 });
    const res = await ask(
      t,
      member.cookie,
      askBody({
        title: '  Which handle fits this patio door?  ',
        tags: [' Patio ', 'patio', 'Handle set', 'PATIO'],
        imageUploadIds: [images[2]!.id, images[0]!.id, images[1]!.id],
        videoUploadId: video.id,
      }),
    );
    expect(res.statusCode).toBe(201);
    const { id } = res.json();

    const detail = await get(t, `/api/posts/${id}`, member.cookie);
    expect(detail.statusCode).toBe(200);
    const body = detail.json();
    expect(body).toMatchObject({
      id,
      status: 'pending',
      title: 'Which handle fits this patio door?',
      description: DESCRIPTION,
      topic: 'windows',
      tags: ['Patio', 'Handle set'],
      denialReason: null,
      canModerate: false,
      liked: false,
      bookmarked: false,
      author: { id: member.me.id, username: member.me.username },
      voteCount: 0,
      bookmarkCount: 0,
      replyCount: 0,
    });
    expect(body.images.map((i: { url: string }) => i.url)).toEqual([
      images[2]!.publicUrl,
      images[0]!.publicUrl,
      images[1]!.publicUrl,
    ]);
    expect(body.images.map((i: { alt: string }) => i.alt)).toEqual(['Image 1', 'Image 2', 'Image 3']);
    expect(body.images.map((i: { displayOrder: number }) => i.displayOrder)).toEqual([0, 1, 2]);
    // AI_PROVIDER=off in these tests: nothing is queued, the grey state.
    expect(body.images[0].detection).toEqual({
      status: 'off',
      object: null,
      category: null,
      material: null,
      finish: null,
      confidence: null,
      keyFeatures: [],
      userConfirmedObject: null,
      visibleText: null,
    });
    expect(body.video).toEqual({
      url: video.publicUrl,
      thumbnailUrl: expect.stringContaining('-thumb.jpg'),
      thumbnailWidth: null,
      thumbnailHeight: null,
      thumbnailVariantWidths: [],
      durationSeconds: 12.5,
      fileSizeBytes: 123456,
      mimeType: 'video/quicktime',
    });
    expect(JSON.stringify(body)).not.toContain(member.email);
    const attached = await sqlQuery(
      t,
      'SELECT count(*)::int AS n FROM uploads WHERE attached_at IS NOT NULL AND id = ANY($1)',
      [[...images.map((i) => i.id), video.id]],
    );
    expect(attached.rows[0]!.n).toBe(4);
  });

  it("fails with 400 and leaves nothing behind when claiming someone else's upload", async () => {
    const other = await signUpMember(t.app);
    const mine = await insertUpload(t, member.me.id, 'image');
    const theirs = await insertUpload(t, other.me.id, 'image');
    const before = await counts(t);
    const res = await ask(
      t,
      member.cookie,
      askBody({ tags: ['hinge', 'brass'], imageUploadIds: [mine.id, theirs.id] }),
    );
    expect(res.statusCode).toBe(400);
    expect(await counts(t)).toEqual(before);
    const stillFree = await sqlQuery(
      t,
      'SELECT count(*)::int AS n FROM uploads WHERE attached_at IS NULL AND id = ANY($1)',
      [[mine.id, theirs.id]],
    );
    expect(stillFree.rows[0]!.n).toBe(2);
  });

  it('refuses a video id given as an image, and an image given as the video', async () => {
    const image = await insertUpload(t, member.me.id, 'image');
    const video = await insertUpload(t, member.me.id, 'video');
    const before = await counts(t);
    expect((await ask(t, member.cookie, askBody({ imageUploadIds: [video.id] }))).statusCode).toBe(400);
    expect((await ask(t, member.cookie, askBody({ videoUploadId: image.id }))).statusCode).toBe(400);
    expect(await counts(t)).toEqual(before);
  });

  it('tells every staff member except the author that a post awaits review', async () => {
    const admin = await signUpMember(t.app);
    const moderator = await signUpMember(t.app);
    const staffAuthor = await signUpMember(t.app);
    await makeStaff(t, admin.me.id, 'admin');
    await makeStaff(t, moderator.me.id, 'moderator');
    await makeStaff(t, staffAuthor.me.id, 'moderator');
    const res = await ask(t, staffAuthor.cookie, askBody({ title: 'Storm door closer keeps slamming' }));
    expect(res.statusCode).toBe(201);
    const { rows } = await sqlQuery<{ user_id: string; type: string; message: string }>(
      t,
      'SELECT user_id, type, message FROM notifications WHERE post_id = $1 ORDER BY user_id',
      [res.json().id],
    );
    expect(rows.map((r) => r.user_id).sort()).toEqual([admin.me.id, moderator.me.id].sort());
    expect(rows.map((r) => [r.type, r.message])).toEqual([
      ['post_pending_review', 'New post awaiting review: "Storm door closer keeps slamming"'],
      ['post_pending_review', 'New post awaiting review: "Storm door closer keeps slamming"'],
    ]);
  });
});

describe('who may see a post', () => {
  let t: TestApp;
  let author: Awaited<ReturnType<typeof signUpMember>>;
  let other: Awaited<ReturnType<typeof signUpMember>>;
  let moderator: Awaited<ReturnType<typeof signUpMember>>;
  beforeAll(async () => {
    t = await createTestApp();
    author = await signUpMember(t.app);
    other = await signUpMember(t.app);
    moderator = await signUpMember(t.app);
    await makeStaff(t, moderator.me.id, 'moderator');
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(['pending', 'denied'])(
    'a %s post is 404 for other members and visitors, visible to its author and staff',
    async (status) => {
      const { id } = (await ask(t, author.cookie, askBody())).json();
      if (status === 'denied')
        await sqlQuery(t, "UPDATE posts SET status = 'denied', denial_reason = 'Blurry photos' WHERE id = $1", [id]);
      for (const cookie of [other.cookie, undefined]) {
        const res = await get(t, `/api/posts/${id}`, cookie);
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe(MSG.postNotFound);
      }
      const own = await get(t, `/api/posts/${id}`, author.cookie);
      expect(own.statusCode).toBe(200);
      expect(own.json()).toMatchObject({
        status,
        canModerate: false,
        denialReason: status === 'denied' ? 'Blurry photos' : null,
      });
      const staff = await get(t, `/api/posts/${id}`, moderator.cookie);
      expect(staff.statusCode).toBe(200);
      expect(staff.json().canModerate).toBe(true);
    },
  );

  it('an open post is visible to everyone', async () => {
    const { id } = (await ask(t, author.cookie, askBody())).json();
    await sqlQuery(t, "UPDATE posts SET status = 'open' WHERE id = $1", [id]);
    const res = await get(t, `/api/posts/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, status: 'open', canModerate: false, liked: false, bookmarked: false });
  });

  it.each(['not-a-uuid', '00000000-0000-4000-8000-000000000000', "1' OR '1'='1"])(
    'answers 404 for the id %s',
    async (id) => {
      const res = await get(t, `/api/posts/${encodeURIComponent(id)}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(MSG.postNotFound);
    },
  );
});

describe('the page of a shared post link', () => {
  let t: TestApp;
  let webDist: string;
  let author: Awaited<ReturnType<typeof signUpMember>>;
  const INDEX =
    '<!doctype html><html><head><meta charset="UTF-8" /><meta name="description" content="Default site text" /><title>Fenestra</title></head><body><div id="root"></div></body></html>';
  const ASSET = `export const text = ${JSON.stringify('window hardware '.repeat(200))};`;
  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'fenestra-web-'));
    writeFileSync(path.join(webDist, 'index.html'), INDEX);
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'assets/app-1a2b.js'), ASSET);
    writeFileSync(path.join(webDist, 'assets/app-1a2b.js.br'), brotliCompressSync(ASSET));
    writeFileSync(path.join(webDist, 'assets/app-1a2b.js.gz'), gzipSync(ASSET));
    mkdirSync(path.join(webDist, 'avatars'));
    writeFileSync(path.join(webDist, 'avatars/wrench.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await createTestApp({ WEB_DIST: webDist });
    author = await signUpMember(t.app);
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('carries the escaped title, description and first image of a public post', async () => {
    const image = await insertUpload(t, author.me.id, 'image');
    const second = await insertUpload(t, author.me.id, 'image');
    const description = `Is this <script>alert("x")</script> & 'latch' original? ${'It rattles when the wind blows. '.repeat(8)}`;
    const { id } = (
      await ask(
        t,
        author.cookie,
        askBody({
          title: 'Latch <b>"stuck"</b> & loose',
          description,
          imageUploadIds: [image.id, second.id],
        }),
      )
    ).json();
    await sqlQuery(t, "UPDATE posts SET status = 'open' WHERE id = $1", [id]);

    const res = await get(t, `/post/${id}?ref=share`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body;
    expect(html).toContain('<title>Latch &#60;b&#62;&#34;stuck&#34;&#60;/b&#62; &#38; loose · Fenestra</title>');
    expect(html).not.toContain('<b>"stuck"</b>');
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('Default site text');
    expect(html.match(/<title>/g)).toHaveLength(1);
    const metaDescription = html.match(/<meta name="description" content="([^"]*)"/)![1]!;
    expect(
      metaDescription.startsWith('Is this &#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; &#39;latch&#39;'),
    ).toBe(true);
    expect(metaDescription.endsWith('...')).toBe(true);
    expect(html).toContain('<meta property="og:type" content="article" />');
    // Issue 27: the canonical address is /post/:id/:slug, also for a share of /post/:id.
    const canonical = canonicalPostPath(id, 'Latch <b>"stuck"</b> & loose');
    expect(html).toContain(`<meta property="og:url" content="http://localhost:3000${canonical}" />`);
    expect(html).toContain(`<meta property="og:image" content="http://localhost:3000${image.publicUrl}" />`);
    expect(html).toContain(
      '<meta property="og:title" content="Latch &#60;b&#62;&#34;stuck&#34;&#60;/b&#62; &#38; loose" />',
    );
    expect(html).toContain('<div id="root"></div>');
  });

  it("is SPEC's 'Oops! Page not found' page, 404, for a pending post, a missing one and a malformed id (issue 27)", async () => {
    const { id } = (await ask(t, author.cookie, askBody({ title: 'Secret pending title here' }))).json();
    for (const url of [`/post/${id}`, '/post/00000000-0000-4000-8000-000000000000', '/post/nope']) {
      const res = await get(t, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toContain('Oops! Page not found');
      expect(res.body, url).toContain('<meta name="robots" content="noindex" />');
      expect(res.body, url).not.toContain('Secret pending title here');
    }
  });

  it("serves the preset avatars' drawings as SVG, kept a day", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/avatars/wrench.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
  });

  it("sends the build's precompressed copy the browser accepts, and says it varies with Accept-Encoding", async () => {
    const fetchAsset = (encoding?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/assets/app-1a2b.js',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
    const br = await fetchAsset('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(ASSET);
    const gz = await fetchAsset('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(ASSET);
    const plain = await fetchAsset();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(plain.body).toBe(ASSET);
  });

  it('keeps the shell for client routes and JSON 404s for unknown API paths', async () => {
    expect((await get(t, '/bookmarks')).body).toBe(INDEX);
    const api = await get(t, '/api/nothing-here');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ error: 'NOT_FOUND' });
  });

  it('sends the shell compressed with an ETag, and the new shell once a rebuild replaces index.html', async () => {
    const indexFile = path.join(webDist, 'index.html');
    const rebuilt = (n: number) =>
      INDEX.replace(
        '</head>',
        `<script type="module" src="/assets/app-${n}.js"></script>${'<!-- build -->'.repeat(100)}</head>`,
      );
    const shellOf = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/bookmarks', headers });
    let before = '';
    try {
      for (const [n, seconds] of [
        [1, 1_000],
        [2, 2_000],
      ] as const) {
        writeFileSync(indexFile, rebuilt(n));
        utimesSync(indexFile, seconds, seconds);
        const gz = await shellOf({ 'accept-encoding': 'gzip' });
        expect(gz.statusCode).toBe(200);
        expect(gz.headers['content-encoding']).toBe('gzip');
        expect(gz.headers['cache-control']).toBe('no-cache');
        expect(gunzipSync(gz.rawPayload).toString()).toBe(rebuilt(n));
        const br = await shellOf({ 'accept-encoding': 'br' });
        expect(brotliDecompressSync(br.rawPayload).toString()).toBe(rebuilt(n));
        expect((await shellOf({})).body).toBe(rebuilt(n));
        expect(
          (await shellOf({ 'accept-encoding': 'gzip', 'if-none-match': String(gz.headers.etag) })).statusCode,
        ).toBe(304);
        // The previous build's copy is not taken for this one.
        if (before)
          expect((await shellOf({ 'accept-encoding': 'gzip', 'if-none-match': before })).statusCode).toBe(200);
        before = String(gz.headers.etag);
      }
    } finally {
      writeFileSync(indexFile, INDEX);
      utimesSync(indexFile, 3_000, 3_000);
    }
  });
});

describe('posting rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_POSTS: '2' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 429 past RATE_LIMIT_POSTS questions in a window', async () => {
    const member = await signUpMember(t.app);
    expect((await ask(t, member.cookie, askBody())).statusCode).toBe(201);
    expect((await ask(t, member.cookie, askBody())).statusCode).toBe(201);
    const third = await ask(t, member.cookie, askBody());
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toBe(MSG.tooManyRequests);
  });
});
