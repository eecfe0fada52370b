import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { PostDetail, PostList, Reply, UploadedFile } from '@fenestra/shared';
import { createTestApp, multipart, ORIGIN, signUpMember, type MultipartPart, type TestApp } from './helpers.js';
import { ask, askBody, get, insertPost, makeStaff, post, sqlQuery } from './post-fixtures.js';
import { makeMissingVariants } from '../src/ops/image-variants.js';

type Member = Awaited<ReturnType<typeof signUpMember>>;

const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#8a6f4e' } })
    .jpeg()
    .toBuffer();

describe('photos and their smaller copies', () => {
  let t: TestApp;
  let author: Member;
  let moderator: Member;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_UPLOADS: '1000' });
    author = await signUpMember(t.app);
    moderator = await signUpMember(t.app);
    await makeStaff(t, moderator.me.id, 'moderator');
  });
  afterAll(async () => {
    await t.close();
  });

  const send = async (url: string, cookie: string, parts: MultipartPart[]) => {
    const body = await multipart(parts);
    return t.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { origin: ORIGIN, cookie, 'content-type': body.contentType },
    });
  };
  const upload = async (cookie: string, files: Array<[Buffer, string]>) =>
    send(
      '/api/uploads/images',
      cookie,
      files.map(([data, name]): MultipartPart => ['files', data, name]),
    );
  const del = (url: string, cookie: string) =>
    t.app.inject({ method: 'DELETE', url, headers: { origin: ORIGIN, cookie } });
  /** The member's stored photos and copies, by file name. */
  const filesOf = (userId: string) => {
    const dir = path.join(t.config.dataDir, 'uploads', 'post-images', userId);
    return existsSync(dir) ? readdirSync(dir).sort() : [];
  };
  const base = (filePath: string) => path.basename(filePath).replace(/\.[a-z]+$/, '');
  const copiesOf = (filePath: string, widths: number[]) => widths.map((w) => `${base(filePath)}.w${w}.webp`);

  it("writes WebP copies below the photo's width beside it, keeps its size, and serves them for a year", async () => {
    const member = await signUpMember(t.app);
    const res = await upload(member.cookie, [
      [await photo(1200, 900), 'sash.jpg'],
      [await photo(300, 400), 'small.jpg'],
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const [big, small] = res.json().files as UploadedFile[];

    expect(filesOf(member.me.id)).toEqual(
      [
        path.basename(big!.path),
        ...copiesOf(big!.path, [160, 320, 640]),
        path.basename(small!.path),
        ...copiesOf(small!.path, [160]),
      ].sort(),
    );
    const { rows } = await sqlQuery(t, 'SELECT width, height, variant_widths FROM uploads WHERE id = $1', [big!.id]);
    expect(rows[0]).toEqual({ width: 1200, height: 900, variant_widths: [160, 320, 640] });

    for (const [w, h] of [
      [160, 120],
      [320, 240],
      [640, 480],
    ] as const) {
      const served = await t.app.inject({ method: 'GET', url: big!.publicUrl.replace(/\.jpg$/, `.w${w}.webp`) });
      expect(served.statusCode).toBe(200);
      expect(served.headers).toMatchObject({
        'content-type': 'image/webp',
        'cache-control': 'public, max-age=31536000, immutable',
      });
      expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: w, height: h });
      expect(served.rawPayload.length).toBeLessThan(
        readFileSync(path.join(t.config.dataDir, 'uploads', 'post-images', big!.path)).length,
      );
    }
  });

  it('leaves no copy behind when a later file of the batch fails', async () => {
    const member = await signUpMember(t.app);
    const res = await upload(member.cookie, [
      [await photo(1000, 750), 'good.jpg'],
      [Buffer.from('not a picture'), 'notes.jpg'],
    ]);
    expect(res.statusCode).toBe(400);
    expect(filesOf(member.me.id)).toEqual([]);
  });

  it('removes the copies with the photo when its owner removes it, and when the sweep does', async () => {
    const member = await signUpMember(t.app);
    const [kept, swept] = (
      await upload(member.cookie, [
        [await photo(700, 500), 'a.jpg'],
        [await photo(700, 500), 'b.jpg'],
      ])
    ).json().files as UploadedFile[];
    expect(filesOf(member.me.id)).toHaveLength(2 * 4);

    expect((await del(`/api/uploads/${kept!.id}`, member.cookie)).statusCode).toBe(204);
    expect(filesOf(member.me.id)).toEqual(
      [path.basename(swept!.path), ...copiesOf(swept!.path, [160, 320, 640])].sort(),
    );

    await sqlQuery(t, `UPDATE uploads SET created_at = now() - interval '25 hours' WHERE id = $1`, [swept!.id]);
    await t.app.services.jobs.send('sweep-uploads', {});
    expect(await t.app.services.jobs.runDue('sweep-uploads')).toEqual({ completed: 1, failed: 0 });
    expect(filesOf(member.me.id)).toEqual([]);
  });

  it('gives posts, lists, replies and video posters their sizes and copies, and deleting them removes every copy', async () => {
    const [image] = (await upload(author.cookie, [[await photo(1920, 1440), 'hinge.jpg']])).json()
      .files as UploadedFile[];
    const poster = await photo(640, 480);
    const clip = await send('/api/uploads/video', author.cookie, [
      ['video', readFileSync(path.join(FIXTURES, 'clip-2s.mp4')), 'clip.mp4'],
      ['thumbnail', poster, 'clip.jpg'],
    ]);
    expect(clip.statusCode, clip.body).toBe(200);
    const video = clip.json().file as UploadedFile;
    const created = await ask(t, author.cookie, askBody({ imageUploadIds: [image!.id], videoUploadId: video.id }));
    expect(created.statusCode, created.body).toBe(201);
    const postId = created.json().id as string;
    expect((await post(t, `/api/admin/posts/${postId}/approve`, moderator.cookie)).statusCode).toBe(200);

    const detail = (await get(t, `/api/posts/${postId}`)).json<PostDetail>();
    expect(detail.images[0]).toMatchObject({
      url: image!.publicUrl,
      width: 1920,
      height: 1440,
      variantWidths: [160, 320, 640, 1280],
    });
    expect(detail.video).toMatchObject({
      thumbnailUrl: video.thumbnailUrl,
      thumbnailWidth: 640,
      thumbnailHeight: 480,
      thumbnailVariantWidths: [160, 320],
    });
    const listed = (await get(t, '/api/posts')).json<PostList>().posts.find((p) => p.id === postId)!;
    expect(listed.images[0]).toMatchObject({ width: 1920, height: 1440, variantWidths: [160, 320, 640, 1280] });
    expect(listed.video).toMatchObject({ thumbnailWidth: 640, thumbnailVariantWidths: [160, 320] });

    const replier = await signUpMember(t.app);
    const [replyPhoto] = (await upload(replier.cookie, [[await photo(900, 600), 'fit.jpg']])).json()
      .files as UploadedFile[];
    const replied = await post(t, `/api/posts/${postId}/replies`, replier.cookie, {
      content: 'Mine fitted with this one.',
      imageUploadIds: [replyPhoto!.id],
    });
    expect(replied.statusCode, replied.body).toBe(201);
    expect(replied.json<Reply>().images[0]).toMatchObject({
      url: replyPhoto!.publicUrl,
      width: 900,
      height: 600,
      variantWidths: [160, 320, 640],
    });
    expect(filesOf(replier.me.id)).toHaveLength(4);

    expect((await del(`/api/admin/replies/${replied.json<Reply>().id}`, moderator.cookie)).statusCode).toBe(200);
    expect(filesOf(replier.me.id)).toEqual([]);

    // The photo with 4 copies, the poster with 2.
    expect(filesOf(author.me.id)).toHaveLength(5 + 3);
    expect((await del(`/api/admin/posts/${postId}`, moderator.cookie)).statusCode).toBe(200);
    expect(filesOf(author.me.id)).toEqual([]);
  });

  it('npm run media:variants gives older photos their copies and size, skips what it cannot read, and runs twice safely', async () => {
    const member = await signUpMember(t.app);
    const { storage } = t.app.services;
    const put = async (name: string, data: Buffer) =>
      (await storage.put('post-images', `${member.me.id}/${name}`, data, 'image/jpeg')).publicUrl;
    const [photoUrl, replyUrl, posterUrl, tinyUrl] = [
      await put('1-old.jpg', await photo(1000, 750)),
      await put('2-old.jpg', await photo(700, 700)),
      await put('3-old.jpg', await photo(640, 480)),
      await put('4-old.jpg', await photo(120, 90)),
    ];
    const missingUrl = `/media/post-images/${member.me.id}/5-gone.jpg`;
    const postId = await insertPost(t, { userId: member.me.id, title: 'An older question with photos' });
    await sqlQuery(
      t,
      `INSERT INTO post_images (post_id, image_url, display_order) VALUES ($1, $2, 0), ($1, $3, 1), ($1, $4, 2)`,
      [postId, photoUrl, tinyUrl, missingUrl],
    );
    await sqlQuery(
      t,
      `INSERT INTO post_videos (post_id, video_url, thumbnail_url, duration_seconds, file_size_bytes, mime_type)
      VALUES ($1, '/media/post-videos/x/1-a.mp4', $2, 2, 1000, 'video/mp4')`,
      [postId, posterUrl],
    );
    const {
      rows: [reply],
    } = await sqlQuery<{ id: string }>(
      t,
      `INSERT INTO replies (post_id, user_id, content) VALUES ($1, $2, 'A reply with an older photo') RETURNING id`,
      [postId, member.me.id],
    );
    await sqlQuery(t, 'INSERT INTO reply_images (reply_id, image_url, display_order) VALUES ($1, $2, 0)', [
      reply!.id,
      replyUrl,
    ]);

    expect(await makeMissingVariants(t.app.services.database.db, storage)).toMatchObject({ made: 4, missing: 1 });
    const detail = (await get(t, `/api/posts/${postId}`)).json<PostDetail>();
    expect(detail.images.map((i) => [i.width, i.height, i.variantWidths])).toEqual([
      [1000, 750, [160, 320, 640]],
      [120, 90, []],
      [null, null, []],
    ]);
    expect(detail.video).toMatchObject({
      thumbnailWidth: 640,
      thumbnailHeight: 480,
      thumbnailVariantWidths: [160, 320],
    });
    const {
      rows: [replyImage],
    } = await sqlQuery(t, 'SELECT width, height, variant_widths FROM reply_images WHERE reply_id = $1', [reply!.id]);
    expect(replyImage).toEqual({ width: 700, height: 700, variant_widths: [160, 320, 640] });
    expect(filesOf(member.me.id)).toEqual([
      '1-old.jpg',
      '1-old.w160.webp',
      '1-old.w320.webp',
      '1-old.w640.webp',
      '2-old.jpg',
      '2-old.w160.webp',
      '2-old.w320.webp',
      '2-old.w640.webp',
      '3-old.jpg',
      '3-old.w160.webp',
      '3-old.w320.webp',
      '4-old.jpg',
    ]);

    // Again: the photos with copies are done; the missing one is still missing; a run stopped half-way is finished.
    await sqlQuery(t, `UPDATE post_images SET variant_widths = '{}' WHERE image_url = $1`, [photoUrl]);
    expect(await makeMissingVariants(t.app.services.database.db, storage)).toEqual({ made: 1, missing: 1 });
    expect(filesOf(member.me.id)).toHaveLength(12);
  });
});
