import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { MSG, type UploadedFile } from '@fenestra/shared';
import {
  createTestApp,
  freePort,
  insertMember,
  multipart,
  ORIGIN,
  type MultipartPart,
  type TestApp,
} from './helpers.js';
import { ask, askBody, get, sqlQuery } from './post-fixtures.js';
import { startS3 } from './s3-server.js';
import { localStorage, type Bucket } from '../src/adapters/storage/storage.js';
import { migrateStorage } from '../src/ops/storage-migrate.js';

const png = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: '#3a6ea5' } })
    .png()
    .toBuffer();

describe('files in an S3 bucket (s3rver)', () => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  let t: TestApp;

  beforeAll(async () => {
    s3 = await startS3();
    t = await createTestApp(s3.env);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  const upload = async (cookie: string, files: Array<[Buffer, string]>) => {
    const body = await multipart(files.map(([data, name]): MultipartPart => ['files', data, name]));
    return t.app.inject({
      method: 'POST',
      url: '/api/uploads/images',
      payload: body.payload,
      headers: { origin: ORIGIN, cookie, 'content-type': body.contentType },
    });
  };
  const keysOf = async (bucket: Bucket, userId: string) => {
    const keys: string[] = [];
    for await (const f of s3.store.list(bucket)) if (f.path.startsWith(`${userId}/`)) keys.push(f.path);
    return keys;
  };

  it('stores an upload under its bucket prefix, whole, and serves it from /media (a range too)', async () => {
    const member = await insertMember(t);
    const res = await upload(member.cookie, [[await png(), 'window.png']]);
    expect(res.statusCode, res.body).toBe(200);
    const [file] = res.json().files as UploadedFile[];
    expect(file!.publicUrl).toBe(`/media/post-images/${file!.path}`);
    expect(await keysOf('post-images', member.me.id)).toEqual([file!.path]);

    const served = await t.app.inject({ method: 'GET', url: file!.publicUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      'cache-control': 'public, max-age=31536000, immutable',
    });
    // The bytes that went in: a streamed checksum's framing would have broken the picture.
    expect(served.rawPayload.equals((await s3.store.get('post-images', file!.path))!)).toBe(true);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 64, height: 48 });

    const start = await t.app.inject({ method: 'GET', url: file!.publicUrl, headers: { range: 'bytes=0-7' } });
    expect(start.statusCode).toBe(206);
    expect(start.headers['content-range']).toBe(`bytes 0-7/${served.rawPayload.length}`);
    expect(start.rawPayload.equals(served.rawPayload.subarray(0, 8))).toBe(true);
    const head = await t.app.inject({ method: 'HEAD', url: file!.publicUrl });
    expect([head.statusCode, head.headers['content-length'], head.rawPayload.length]).toEqual([
      200,
      String(served.rawPayload.length),
      0,
    ]);
    expect(
      (await t.app.inject({ method: 'GET', url: `/media/post-images/${member.me.id}/missing.png` })).statusCode,
    ).toBe(404);
  });

  it('puts, reads back, lists and removes files through the adapter', async () => {
    const bytes = Buffer.from('%PDF-not-really\n'.repeat(1000));
    await s3.store.put('avatars', 'someone/1-a.png', bytes, 'image/png');
    await s3.store.put('avatars', 'someone/2-b.png', bytes, 'image/png');
    expect((await s3.store.get('avatars', 'someone/1-a.png'))!.equals(bytes)).toBe(true);
    expect(await keysOf('avatars', 'someone')).toEqual(['someone/1-a.png', 'someone/2-b.png']);
    await s3.store.remove('avatars', ['someone/1-a.png', 'someone/2-b.png', 'someone/never-there.png']);
    expect(await keysOf('avatars', 'someone')).toEqual([]);
    expect(await s3.store.get('avatars', 'someone/1-a.png')).toBeNull();
  });

  it('removes the file when its owner deletes the upload', async () => {
    const member = await insertMember(t);
    const [file] = (await upload(member.cookie, [[await png(), 'a.png']])).json().files as UploadedFile[];
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/uploads/${file!.id}`,
      headers: { origin: ORIGIN, cookie: member.cookie },
    });
    expect(res.statusCode).toBe(204);
    expect(await keysOf('post-images', member.me.id)).toEqual([]);
  });

  it("keeps a photo's WebP copies beside it in the bucket, and removes them with it", async () => {
    const member = await insertMember(t);
    const photo = await sharp({ create: { width: 700, height: 525, channels: 3, background: '#8a6f4e' } })
      .jpeg()
      .toBuffer();
    const [file] = (await upload(member.cookie, [[photo, 'sash.jpg']])).json().files as UploadedFile[];
    const copies = [160, 320, 640].map((w) => file!.path.replace(/\.jpg$/, `.w${w}.webp`));
    expect((await keysOf('post-images', member.me.id)).sort()).toEqual([file!.path, ...copies].sort());
    const served = await t.app.inject({ method: 'GET', url: `/media/post-images/${copies[1]}` });
    expect(served.headers['content-type']).toBe('image/webp');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 320, height: 240 });

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/uploads/${file!.id}`,
      headers: { origin: ORIGIN, cookie: member.cookie },
    });
    expect(res.statusCode).toBe(204);
    expect(await keysOf('post-images', member.me.id)).toEqual([]);
  });

  it("keeps an avatar's WebP copies beside it in the bucket, and removes them when it is replaced", async () => {
    const member = await insertMember(t);
    const setAvatar = async (data: Buffer) => {
      const body = await multipart([
        ['purpose', 'avatar'],
        ['files', data, 'me.png'],
      ]);
      const headers = { origin: ORIGIN, cookie: member.cookie };
      const uploaded = await t.app.inject({
        method: 'POST',
        url: '/api/uploads/images',
        payload: body.payload,
        headers: { ...headers, 'content-type': body.contentType },
      });
      const [file] = uploaded.json().files as UploadedFile[];
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/settings/avatar',
        payload: { kind: 'upload', uploadId: file!.id },
        headers,
      });
      expect(res.json()).toMatchObject({ avatarCopies: { variantWidths: [48, 96, 192] } });
      return [file!.path, ...[48, 96, 192].map((w) => file!.path.replace(/\.png$/, `.w${w}.webp`))];
    };
    const first = await setAvatar(await png(400, 400));
    expect((await keysOf('avatars', member.me.id)).sort()).toEqual([...first].sort());
    const served = await t.app.inject({ method: 'GET', url: `/media/avatars/${first[1]}` });
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 48, height: 48 });

    const second = await setAvatar(await png(300, 300));
    expect((await keysOf('avatars', member.me.id)).sort()).toEqual([...second].sort());
  });

  it('leaves nothing in the bucket when a file of the batch fails', async () => {
    const member = await insertMember(t);
    const res = await upload(member.cookie, [
      [await png(), 'good.png'],
      [Buffer.from('not a picture'), 'notes.jpg'],
      [await png(), 'also.png'],
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.invalidImageType('notes.jpg'));
    expect(await keysOf('post-images', member.me.id)).toEqual([]);
  });

  it('sweeps uploads left unattached for a day out of the bucket', async () => {
    const member = await insertMember(t);
    const [stale, recent] = (
      await upload(member.cookie, [
        [await png(), 'stale.png'],
        [await png(), 'recent.png'],
      ])
    ).json().files as UploadedFile[];
    await sqlQuery(t, `UPDATE uploads SET created_at = now() - interval '25 hours' WHERE id = $1`, [stale!.id]);
    await t.app.services.jobs.send('sweep-uploads', {});
    expect(await t.app.services.jobs.runDue('sweep-uploads')).toEqual({ completed: 1, failed: 0 });
    expect(await keysOf('post-images', member.me.id)).toEqual([recent!.path]);
  });

  it('storage:migrate copies the local disk into the bucket, and a second run copies nothing', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'fenestra-local-'));
    const write = (bucket: string, file: string, body: string) => {
      mkdirSync(path.join(dir, bucket, 'mover'), { recursive: true });
      writeFileSync(path.join(dir, bucket, 'mover', file), body);
    };
    write('post-images', '1-a.jpg', 'jpeg bytes');
    write('post-images', '1-a.w160.webp', 'webp');
    write('post-videos', '2-b.mp4', 'mp4 bytes');
    write('avatars', '3-c.png', 'png bytes');
    // A run stopped after this one file: it is not copied again.
    await s3.store.put('post-images', 'mover/1-a.jpg', Buffer.from('jpeg bytes'), 'image/jpeg');
    try {
      const first = await migrateStorage(localStorage(dir), s3.store);
      expect(first).toEqual({ copied: 3, bytes: 22, alreadyThere: 1 });
      // A photo's copies go along, as what they are.
      const copy = await s3.store.open!('post-images', 'mover/1-a.w160.webp');
      expect(copy).toMatchObject({ contentType: 'image/webp', contentLength: 4 });
      if (copy && copy !== 'unsatisfiable-range') copy.body.destroy();
      const video = await s3.store.open!('post-videos', 'mover/2-b.mp4');
      expect(video).toMatchObject({ contentType: 'video/mp4', contentLength: 9 });
      if (video && video !== 'unsatisfiable-range') video.body.destroy();
      expect(await migrateStorage(localStorage(dir), s3.store)).toEqual({ copied: 0, bytes: 0, alreadyThere: 4 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('MEDIA_URL and a store that is away', () => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  let t: TestApp;
  const CDN = 'https://cdn.example.com/fenestra';

  beforeAll(async () => {
    s3 = await startS3();
    t = await createTestApp({ ...s3.env, MEDIA_URL: `${CDN}/` });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('hands out addresses under MEDIA_URL while rows keep bucket and path, and lets the page load from it', async () => {
    const member = await insertMember(t);
    const body = await multipart([['files', await png(), 'hinge.png']]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/images',
      payload: body.payload,
      headers: { origin: ORIGIN, cookie: member.cookie, 'content-type': body.contentType },
    });
    const [file] = res.json().files as UploadedFile[];
    expect(file!.publicUrl).toBe(`${CDN}/post-images/${file!.path}`);
    const {
      rows: [row],
    } = await sqlQuery(t, 'SELECT public_url FROM uploads WHERE id = $1', [file!.id]);
    expect(row!.public_url).toBe(`/media/post-images/${file!.path}`);

    const asked = await ask(t, member.cookie, askBody({ imageUploadIds: [file!.id] }));
    expect(asked.statusCode, asked.body).toBe(201);
    const shown = await get(t, `/api/posts/${asked.json().id}`, member.cookie);
    expect(shown.json().images.map((i: { url: string }) => i.url)).toEqual([`${CDN}/post-images/${file!.path}`]);
    // The address handed out before MEDIA_URL was set still works.
    expect((await get(t, `/media/post-images/${file!.path}`)).statusCode).toBe(200);

    const csp = String(shown.headers['content-security-policy']);
    expect(csp).toContain(`img-src 'self' data: blob: ${CDN}/`);
    expect(csp).toContain(`media-src 'self' blob: ${CDN}/`);
  });

  it('answers 503 with Retry-After, not 500, while the bucket cannot be reached', async () => {
    const away = await createTestApp({ ...s3.env, S3_ENDPOINT: `http://127.0.0.1:${await freePort()}` });
    try {
      const member = await insertMember(away);
      const body = await multipart([['files', await png(), 'hinge.png']]);
      const res = await away.app.inject({
        method: 'POST',
        url: '/api/uploads/images',
        payload: body.payload,
        headers: { origin: ORIGIN, cookie: member.cookie, 'content-type': body.contentType },
      });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBeDefined();
    } finally {
      await away.close();
    }
  });
});
