import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { Readable } from 'node:stream';
import Parser from 'rss-parser';
import { parseSitemap } from 'sitemap';
import { partNumberKey, partNumberQuery, partPath } from '@fenestra/shared';
import { buildWebIfNeeded } from '../../../scripts/build-web-if-needed.mjs';
import { ORIGIN, createTestApp, insertMember, type TestApp } from './helpers.js';
import { get, insertPost, makeStaff, sqlQuery } from './post-fixtures.js';
import { drainPartNumberQueue } from '../src/modules/parts/refresh.js';
import { savePhotoDetection } from '../src/modules/detection/photos-repo.js';

// Part pages (issue 27, decision 034): every part number read from a photo or typed in a public question or reply
// gets /parts/:number; staff name parts and merge numbers; search finds them first.
const webDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

const send = (t: TestApp, method: 'PATCH' | 'POST', url: string, cookie: string | undefined, payload: object) =>
  t.app.inject({ method, url, headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) }, payload });

describe('part numbers', () => {
  it('are one part however they are written (the one normaliser)', () => {
    const table: [string, string][] = [
      ['TH 23.10', 'TH2310'],
      ['TH23.10', 'TH2310'],
      ['th-23-10', 'TH2310'],
      ['  th/23_10 ', 'TH2310'],
      ['23.10.00', '231000'],
      ['AB-12345', 'AB12345'],
    ];
    for (const [written, key] of table) {
      expect(partNumberKey(written), written).toBe(key);
      expect(partPath(written), written).toBe(`/parts/${key}`);
    }
    // What a search treats as a part number: letters and digits with a digit, four or more.
    expect(partNumberQuery('TH 23.10')).toBe('TH2310');
    expect(partNumberQuery('door handle')).toBeNull();
    expect(partNumberQuery('12')).toBeNull();
  });
});

describe('part pages', () => {
  let t: TestApp;
  let staff: Awaited<ReturnType<typeof insertMember>>;
  let member: Awaited<ReturnType<typeof insertMember>>;
  let typedId: string;
  let solvedId: string;
  let replyId: string;
  let photoId: string;
  beforeAll(async () => {
    buildWebIfNeeded();
    t = await createTestApp({ WEB_DIST: webDist });
    member = await insertMember(t, { username: 'asker' });
    staff = await insertMember(t, { username: 'moderator1' });
    await makeStaff(t, staff.me.id);
    // Typed in a question.
    typedId = await insertPost(t, {
      userId: member.me.id,
      title: 'Which operator is TH23.10 exactly?',
      description: 'The operator arm is stamped TH23.10 near the pivot and the gear is stripped, what replaces it?',
      createdAt: new Date('2026-02-01T10:00:00Z'),
    });
    // Read from a photo of a solved question, whose accepted reply is quoted.
    solvedId = await insertPost(t, {
      userId: member.me.id,
      status: 'solved',
      title: 'Casement crank came off in my hand',
      description: 'The crank handle spins freely now, the splines are worn down on the operator shaft completely.',
      createdAt: new Date('2026-01-01T10:00:00Z'),
    });
    const { rows: photos } = await sqlQuery<{ id: string }>(
      t,
      `INSERT INTO post_images (post_id, image_url, display_order, detected_object, detected_category, key_features, detection_status)
       VALUES ($1, '/media/images/operator.jpg', 0, 'Casement operator', 'operators', '{"part no. th-23-10","brand: Truth"}', 'done')
       RETURNING id`,
      [solvedId],
    );
    photoId = photos[0]!.id;
    const { rows: replies } = await sqlQuery<{ id: string }>(
      t,
      `INSERT INTO replies (post_id, user_id, content) VALUES ($1, $2, 'Order the **Truth** 23.10 operator, it fits the same holes.') RETURNING id`,
      [solvedId, staff.me.id],
    );
    replyId = replies[0]!.id;
    await sqlQuery(t, 'UPDATE posts SET accepted_reply_id = $2 WHERE id = $1', [solvedId, replyId]);
    // Typed in a reply, with another number beside it: a similar part.
    const third = await insertPost(t, {
      title: 'Looking for a keeper for my sash',
      createdAt: new Date('2026-02-02T10:00:00Z'),
    });
    await sqlQuery(
      t,
      `INSERT INTO replies (post_id, content) VALUES ($1, 'Mine was TH-23.10 and the keeper AB-12345 fits it.')`,
      [third],
    );
    // Words with a year are not part numbers.
    await insertPost(t, {
      title: 'Old sash in a pre-1950 house',
      description: 'Our pre-1950 house got new sashes in 1990-2005 and the cords keep snapping on the left side.',
    });
    // Pending and denied questions never give a number a page, nor add to one.
    await insertPost(t, {
      status: 'pending',
      title: 'Pending question about ZX-99001',
      description: 'The hinge is stamped ZX-99001 and TH23.10 on the leaf, is it the same as the old one?',
    });
    await insertPost(t, {
      status: 'denied',
      title: 'Denied question about QQ-77001 hinge',
      description: 'The hinge is stamped QQ-77001 on the leaf and squeaks every single time that I open it.',
    });
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  it("shows a part's name and category as detected, its photos, and its public questions, solved first with the accepted answer quoted", async () => {
    const res = await get(t, '/api/parts/TH2310');
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.part).toMatchObject({
      key: 'TH2310',
      name: 'Casement operator',
      category: 'operators',
      namedByStaff: false,
    });
    expect(page.photos).toEqual([
      { id: photoId, postId: solvedId, imageUrl: '/media/images/operator.jpg', alt: expect.any(String) },
    ]);
    const titles = page.questions.map((q: { title: string }) => q.title);
    expect(titles).toEqual([
      'Casement crank came off in my hand',
      'Looking for a keeper for my sash',
      'Which operator is TH23.10 exactly?',
    ]);
    expect(page.questions[0].answer).toEqual({
      kind: 'accepted',
      text: 'Order the Truth 23.10 operator, it fits the same holes.',
      author: 'moderator1',
    });
    // The accepted reply's 'Truth 23.10' (typed after its maker's name) is a number of its own, named beside this one.
    expect(page.similar).toEqual([
      { key: '2310', number: '23.10', name: null },
      { key: 'AB12345', number: 'AB-12345', name: null },
    ]);
  });

  it("never shows a pending or denied question's numbers: no page of their own, not among a page's questions", async () => {
    expect((await get(t, '/api/parts/ZX99001')).statusCode).toBe(404);
    expect((await get(t, '/api/parts/QQ-77001')).statusCode).toBe(404);
    expect((await get(t, '/parts/ZX99001')).statusCode).toBe(404);
    expect((await get(t, '/api/parts/PRE1950')).statusCode).toBe(404);
    const page = (await get(t, '/api/parts/TH2310')).json();
    expect(page.questions.some((q: { title: string }) => q.title.startsWith('Pending'))).toBe(false);
    const sitemap = await get(t, '/sitemaps/parts-1.xml');
    const urls = (await parseSitemap(Readable.from([sitemap.body]))).map((u) => u.url);
    expect(urls).toEqual([`${ORIGIN}/parts/2310`, `${ORIGIN}/parts/AB12345`, `${ORIGIN}/parts/TH2310`]);
  });

  it('draws the part page on the server, at one address for every spelling, with its feeds', async () => {
    const moved = await get(t, '/parts/th-23-10');
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/parts/TH2310');
    const res = await get(t, '/parts/TH2310');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<link rel="canonical" href="${ORIGIN}/parts/TH2310" />`);
    expect(res.body).toContain('<title>TH-23-10 Casement operator · Fenestra</title>');
    expect(res.body).toContain(`href="${ORIGIN}/feeds/parts/TH2310.rss"`);
    const root = res.body.slice(res.body.indexOf('<div id="root"'));
    expect(root).toContain('Casement crank came off in my hand');
    expect(root).toContain('Order the Truth 23.10 operator');
    const feed = await new Parser().parseString((await get(t, '/feeds/parts/TH2310.atom')).body);
    expect(feed.items).toHaveLength(3);
    expect((await get(t, '/feeds/parts/ZX99001.rss')).statusCode).toBe(404);
  });

  it('is what a search for a part number finds first', async () => {
    const res = await get(t, `/api/parts?q=${encodeURIComponent('th 23.10')}`);
    expect(res.json().parts).toEqual([{ key: 'TH2310', number: 'TH-23-10', name: 'Casement operator', questions: 3 }]);
    expect((await get(t, '/api/parts?q=hinge')).json().parts).toEqual([]);
    expect((await get(t, '/api/parts?q=ZX-99001')).json().parts).toEqual([]);
  });

  it('lets staff name a part (logged), and no one else', async () => {
    const body = { name: 'Truth 23.10 casement operator', category: 'Operators' };
    expect((await send(t, 'PATCH', '/api/parts/TH2310', undefined, body)).statusCode).toBe(401);
    expect((await send(t, 'PATCH', '/api/parts/TH2310', member.cookie, body)).statusCode).toBe(403);
    const res = await send(t, 'PATCH', '/api/parts/th 23.10', staff.cookie, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ key: 'TH2310', message: 'Part saved' });
    expect((await send(t, 'PATCH', '/api/parts/TH2310', staff.cookie, { name: 'x'.repeat(101) })).statusCode).toBe(400);
    expect((await send(t, 'PATCH', '/api/parts/ZX99001', staff.cookie, body)).statusCode).toBe(404);
    t.app.services.publicCache.clear();
    const page = (await get(t, '/api/parts/TH2310')).json();
    expect(page.part).toMatchObject({
      name: 'Truth 23.10 casement operator',
      category: 'Operators',
      namedByStaff: true,
    });
    const { rows } = await sqlQuery(
      t,
      `SELECT actor_username, target_id, details FROM moderation_log WHERE action = 'name_part'`,
    );
    expect(rows).toEqual([
      {
        actor_username: 'moderator1',
        target_id: 'TH2310',
        details: {
          before: { name: null, category: null },
          after: { name: 'Truth 23.10 casement operator', category: 'Operators' },
        },
      },
    ]);
  });

  it('lets staff merge one number into another: its page leads there and its questions show there (logged)', async () => {
    expect((await send(t, 'POST', '/api/parts/AB12345/merge', member.cookie, { into: 'TH2310' })).statusCode).toBe(403);
    expect((await send(t, 'POST', '/api/parts/AB12345/merge', staff.cookie, { into: 'ab-12345' })).statusCode).toBe(
      400,
    );
    expect((await send(t, 'POST', '/api/parts/AB12345/merge', staff.cookie, { into: 'NO-SUCH-1' })).statusCode).toBe(
      404,
    );
    const res = await send(t, 'POST', '/api/parts/AB-12345/merge', staff.cookie, { into: 'TH 23.10' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ key: 'TH2310', message: 'Parts merged' });
    const moved = await get(t, '/parts/AB12345');
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/parts/TH2310');
    const page = (await get(t, '/api/parts/AB12345')).json();
    expect(page.part).toMatchObject({ key: 'TH2310', mergedNumbers: ['AB-12345'] });
    expect(page.similar).toEqual([{ key: '2310', number: '23.10', name: null }]);
    const { rows } = await sqlQuery(t, `SELECT target_id FROM moderation_log WHERE action = 'merge_part'`);
    expect(rows).toEqual([{ target_id: 'TH2310' }]);
  });

  it("reads a photo's new part number even when a page is read while the detection is being written", async () => {
    const id = await insertPost(t, {
      title: 'Keeper plate cracked on the frame',
      description: 'The keeper plate on the frame cracked in half and the sash lock will not hold any more.',
    });
    await sqlQuery(
      t,
      `INSERT INTO post_images (post_id, image_url, display_order, detection_status) VALUES ($1, '/media/images/keeper.jpg', 0, 'queued')`,
      [id],
    );
    // The detection is written while the post still waits in the queue; before it commits, a part page is read.
    const writer = await t.app.services.database.pool.connect();
    try {
      await writer.query('BEGIN');
      await writer.query(
        `UPDATE post_images SET detection_status = 'done', detected_object = 'Keeper', key_features = '{"part no. KP-88123"}' WHERE post_id = $1`,
        [id],
      );
      await drainPartNumberQueue(t.app.services.database.db);
      await writer.query('COMMIT');
    } finally {
      writer.release();
    }
    t.app.services.publicCache.clear();
    const page = await get(t, '/api/parts/KP88123');
    expect(page.statusCode).toBe(200);
    expect(page.json().part.name).toBe('Keeper');
  });

  it('follows a question as it changes: a number typed in an edit gets its page, one edited away loses it', async () => {
    await sqlQuery(t, `UPDATE posts SET description = $2 WHERE id = $1`, [
      typedId,
      'The operator arm is stamped WX-4455 near the pivot and the gear is stripped, what replaces it?',
    ]);
    t.app.services.publicCache.clear();
    expect((await get(t, '/api/parts/WX4455')).statusCode).toBe(200);
    const titles = (await get(t, '/api/parts/TH2310')).json().questions.map((q: { title: string }) => q.title);
    // Its title still names TH23.10.
    expect(titles).toContain('Which operator is TH23.10 exactly?');
    await sqlQuery(t, `UPDATE posts SET status = 'pending' WHERE id = $1`, [typedId]);
    t.app.services.publicCache.clear();
    expect((await get(t, '/api/parts/WX4455')).statusCode).toBe(404);
  });
  it("reads the part numbers of the author's reply photos, and follows their reading as it changes", async () => {
    const id = await insertPost(t, {
      userId: member.me.id,
      title: 'Sash lock will not turn any more',
      description: 'The sash lock on the upper window is seized and the lever will not turn in either direction.',
    });
    const { rows: replies } = await sqlQuery<{ id: string }>(
      t,
      `INSERT INTO replies (post_id, user_id, content) VALUES ($1, $2, 'Here is the stamp on its underside.') RETURNING id`,
      [id, member.me.id],
    );
    const { rows: images } = await sqlQuery<{ id: string }>(
      t,
      `INSERT INTO reply_images (reply_id, image_url, display_order, detection_status)
       VALUES ($1, '/media/images/lock-stamp.jpg', 0, 'queued') RETURNING id`,
      [replies[0]!.id],
    );
    const imageId = images[0]!.id;
    // The worker saves its reading of the reply photo (as the detection job does).
    const read = (keyFeatures: string[]) => ({
      object: 'Sash lock',
      category: 'lock/latch' as const,
      material: null,
      finish: null,
      confidence: 0.55,
      keyFeatures,
      visibleText: null,
    });
    const by = { provider: 'local', model: 'test' };
    expect(
      await savePhotoDetection(
        t.app.services.database.db,
        'reply',
        imageId,
        read(['part no. SL-40711']),
        by,
        new Date(),
      ),
    ).toBe(true);
    t.app.services.publicCache.clear();
    const page = await get(t, '/api/parts/SL40711');
    expect(page.statusCode).toBe(200);
    expect(page.json().part).toMatchObject({
      key: 'SL40711',
      number: 'SL-40711',
      name: 'Sash lock',
      category: 'lock/latch',
    });
    expect(page.json().photos).toEqual([
      { id: imageId, postId: id, imageUrl: '/media/images/lock-stamp.jpg', alt: expect.any(String) },
    ]);
    expect(page.json().questions.map((q: { id: string }) => q.id)).toEqual([id]);

    // Read again (staff's Retry): an unsure number gives no page, and the old one is gone.
    await sqlQuery(
      t,
      `UPDATE reply_images SET detection = jsonb_set(detection, '{keyFeatures}', '["part no. SL-4071? (unsure)"]') WHERE id = $1`,
      [imageId],
    );
    t.app.services.publicCache.clear();
    expect((await get(t, '/api/parts/SL40711')).statusCode).toBe(404);
    await sqlQuery(
      t,
      `UPDATE reply_images SET detection = jsonb_set(detection, '{keyFeatures}', '["part no. SL-40712"]') WHERE id = $1`,
      [imageId],
    );
    t.app.services.publicCache.clear();
    expect((await get(t, '/api/parts/SL40712')).statusCode).toBe(200);
    // A reply hidden by a moderator takes its photos' numbers with it.
    await sqlQuery(t, `UPDATE replies SET status = 'hidden' WHERE id = $1`, [replies[0]!.id]);
    t.app.services.publicCache.clear();
    expect((await get(t, '/api/parts/SL40712')).statusCode).toBe(404);
  });

  it("reads a number typed after its maker's name, and two typed numbers a character apart as two", async () => {
    const id = await insertPost(t, {
      title: 'Truth 23.10 operator or the newer one?',
      description: 'My old operator is a Truth 23.10 and the shop offers KW-20315 and KW-20316 as replacements.',
    });
    t.app.services.publicCache.clear();
    for (const [key, number] of [
      ['2310', '23.10'],
      ['KW20315', 'KW-20315'],
      ['KW20316', 'KW-20316'],
    ]) {
      const page = await get(t, `/api/parts/${key}`);
      expect(page.statusCode, key).toBe(200);
      expect(page.json().part.number, key).toBe(number);
      expect(page.json().questions.map((q: { id: string }) => q.id)).toContain(id);
    }
    // Search finds the page for the number typed after the maker's name.
    expect((await get(t, '/api/parts?q=23.10')).json().parts).toMatchObject([{ key: '2310' }]);
  });
});
