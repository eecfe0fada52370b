import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { MSG, type UploadedFile } from '@fenestra/shared';
import { createTestApp, signUpMember, ORIGIN, type TestApp, multipart, type MultipartPart } from './helpers.js';

const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));
const MB = 1024 * 1024;

// Test images, made here with sharp (and one PNG by hand).
const png = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: '#3a6ea5' } })
    .png()
    .toBuffer();
const webp = () =>
  sharp({ create: { width: 50, height: 30, channels: 3, background: '#a53a3a' } })
    .webp()
    .toBuffer();
const gif = () =>
  sharp({ create: { width: 20, height: 20, channels: 3, background: '#3aa53a' } })
    .gif()
    .toBuffer();
/** A phone photo lying on its side (EXIF Orientation 6) with the home's GPS position in it. */
const phonePhoto = () =>
  sharp({ create: { width: 40, height: 20, channels: 3, background: '#777777' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();

function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 68-byte PNG whose header claims 30,000 x 30,000 pixels (a decompression bomb's calling card), or any size. */
function hugeHeaderPng(width = 30_000, height = 30_000) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc(16))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A valid PNG padded with a text chunk to exactly `bytes` bytes. */
async function pngOfSize(bytes: number) {
  const small = await png(16, 16);
  const iend = small.length - 12;
  const text = Buffer.concat([Buffer.from('Comment\0', 'latin1'), Buffer.alloc(bytes - small.length - 12 - 8, 0x61)]);
  const padded = Buffer.concat([small.subarray(0, iend), pngChunk('tEXt', text), small.subarray(iend)]);
  expect(padded.length).toBe(bytes);
  return padded;
}

/** Whether an EXIF block's first IFD points at a GPS IFD (tag 0x8825). */
function exifHasGps(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  const tiff = exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? exif.subarray(6) : exif;
  const le = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (le ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (le ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd0 = u32(4);
  for (let i = 0; i < u16(ifd0); i++) if (u16(ifd0 + 2 + i * 12) === 0x8825) return true;
  return false;
}

describe('uploads', () => {
  let t: TestApp;
  let member: Awaited<ReturnType<typeof signUpMember>>;
  let other: Awaited<ReturnType<typeof signUpMember>>;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_UPLOADS: '1000' });
    member = await signUpMember(t.app);
    other = await signUpMember(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const send = async (url: string, cookie: string | null, parts: MultipartPart[]) => {
    const body = await multipart(parts);
    return t.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { origin: ORIGIN, 'content-type': body.contentType, ...(cookie ? { cookie } : {}) },
    });
  };
  const images = (cookie: string | null, files: Array<[Buffer, string]>, extra: MultipartPart[] = []) =>
    send('/api/uploads/images', cookie, [
      ...extra,
      ...files.map(([data, name]): MultipartPart => ['files', data, name]),
    ]);
  const video = (cookie: string | null, parts: MultipartPart[]) => send('/api/uploads/video', cookie, parts);

  const storedFile = (bucket: string, filePath: string) => path.join(t.config.dataDir, 'uploads', bucket, filePath);
  const filesOf = (bucket: string, userId: string) => {
    const dir = storedFile(bucket, userId);
    return existsSync(dir) ? readdirSync(dir) : [];
  };
  const rowsOf = async (userId: string) =>
    (await t.app.services.database.pool.query('SELECT * FROM uploads WHERE user_id = $1', [userId])).rows;
  const errorOf = (res: { statusCode: number; json(): { message: string } }) => ({
    status: res.statusCode,
    message: res.json().message,
  });

  describe('who may upload', () => {
    it('tells visitors to sign in, for images, video and delete alike', async () => {
      const asVisitor = [
        await images(null, [[await png(), 'photo.png']]),
        await video(null, [['video', fixture('clip-2s.mp4'), 'clip.mp4']]),
        await t.app.inject({
          method: 'DELETE',
          url: '/api/uploads/00000000-0000-4000-8000-000000000000',
          headers: { origin: ORIGIN },
        }),
      ];
      for (const res of asVisitor) expect(errorOf(res)).toEqual({ status: 401, message: MSG.signInToUpload });
      expect((await t.app.services.database.pool.query('SELECT count(*)::int AS n FROM uploads')).rows[0].n).toBe(0);
    });

    it('refuses an upload posted from another site', async () => {
      const body = await multipart([['files', await png(), 'photo.png']]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/uploads/images',
        payload: body.payload,
        headers: { origin: 'https://evil.example', cookie: member.cookie, 'content-type': body.contentType },
      });
      expect(res.statusCode).toBe(403);
    });
  });

  describe('images', () => {
    it('stores a PNG renamed photo.jpg as the PNG it is, and serves it with a year of caching', async () => {
      const res = await images(member.cookie, [[await png(64, 48), 'photo.jpg']]);
      expect(res.statusCode).toBe(200);
      const [file] = res.json().files as UploadedFile[];
      expect(file).toMatchObject({ mimeType: 'image/png', publicUrl: `/media/post-images/${file!.path}` });
      expect(file!.path).toMatch(new RegExp(`^${member.me.id}/\\d{13}-[0-9a-f]{12}\\.png$`));
      const onDisk = readFileSync(storedFile('post-images', file!.path));
      expect(file!.fileSize).toBe(onDisk.length);
      expect((await sharp(onDisk).metadata()).format).toBe('png');

      const served = await t.app.inject({ method: 'GET', url: file!.publicUrl });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.rawPayload.equals(onDisk)).toBe(true);

      const [row] = (await rowsOf(member.me.id)).filter((r) => r.id === file!.id);
      expect(row).toMatchObject({
        kind: 'image',
        bucket: 'post-images',
        width: 64,
        height: 48,
        original_name: 'photo.jpg',
        attached_at: null,
      });
    });

    it('refuses a text file renamed .jpg by its bytes', async () => {
      const res = await images(member.cookie, [
        [Buffer.from('These are my notes about the sash lock.\n'), 'notes.jpg'],
      ]);
      expect(errorOf(res)).toEqual({ status: 400, message: 'notes.jpg is not a valid image type' });
    });

    it('refuses images of other types', async () => {
      const res = await images(member.cookie, [[await gif(), 'hinge.gif']]);
      expect(errorOf(res)).toEqual({ status: 400, message: MSG.onlyImageTypes });
    });

    it('refuses more than 3 files, storing none', async () => {
      const before = filesOf('post-images', member.me.id).length;
      const four = await Promise.all(
        [1, 2, 3, 4].map(async (n): Promise<[Buffer, string]> => [await png(), `p${n}.png`]),
      );
      expect(errorOf(await images(member.cookie, four))).toEqual({ status: 400, message: 'Maximum 3 files allowed' });
      const five = [...four, four[0]!];
      expect(errorOf(await images(member.cookie, five))).toEqual({ status: 400, message: 'Maximum 3 files allowed' });
      expect(filesOf('post-images', member.me.id).length).toBe(before);
    });

    it('accepts an image of exactly 5 MB and refuses one byte more', async () => {
      const exact = await images(member.cookie, [[await pngOfSize(5 * MB), 'exact.png']]);
      expect(exact.statusCode).toBe(200);
      const over = await images(member.cookie, [[await pngOfSize(5 * MB + 1), 'over.png']]);
      expect(errorOf(over)).toEqual({ status: 400, message: 'Files must be less than 5MB' });
    });

    it('refuses a PNG whose header claims 30,000 x 30,000 pixels, without decoding it', async () => {
      const bomb = hugeHeaderPng();
      expect(bomb.length).toBeLessThan(100);
      const started = Date.now();
      const res = await images(member.cookie, [[bomb, 'bomb.png']]);
      expect(errorOf(res)).toEqual({ status: 400, message: 'bomb.png is too large in pixels' });
      expect(Date.now() - started).toBeLessThan(2000);
    });

    it('takes a 24-megapixel camera original and refuses anything past 25 megapixels', async () => {
      const justOver = hugeHeaderPng(5_001, 5_000);
      expect(errorOf(await images(member.cookie, [[justOver, 'wide.png']]))).toEqual({
        status: 400,
        message: 'wide.png is too large in pixels',
      });
      const camera = await sharp({ create: { width: 6000, height: 4000, channels: 3, background: '#5a7d9a' } })
        .jpeg({ quality: 80 })
        .toBuffer();
      const res = await images(member.cookie, [[camera, 'camera.jpg']]);
      expect(res.statusCode, res.body).toBe(200);
    });

    it('removes the files already stored when a later file in the batch fails', async () => {
      const someone = await signUpMember(t.app);
      const res = await images(someone.cookie, [
        [await png(), 'good.png'],
        [Buffer.from('not a picture'), 'notes.jpg'],
        [await png(), 'also-good.png'],
      ]);
      expect(errorOf(res)).toEqual({ status: 400, message: 'notes.jpg is not a valid image type' });
      expect(filesOf('post-images', someone.me.id)).toEqual([]);
      expect(await rowsOf(someone.me.id)).toEqual([]);
    });

    it('turns a phone photo upright and strips its EXIF, GPS included', async () => {
      const photo = await phonePhoto();
      const input = await sharp(photo).metadata();
      expect(input).toMatchObject({ width: 40, height: 20, orientation: 6 });
      expect(exifHasGps(input.exif)).toBe(true);

      const res = await images(member.cookie, [[photo, 'porch-door.jpg']]);
      expect(res.statusCode).toBe(200);
      const [file] = res.json().files as UploadedFile[];
      expect(file).toMatchObject({ mimeType: 'image/jpeg' });
      expect(file!.path).toMatch(/\.jpg$/);
      const stored = readFileSync(storedFile('post-images', file!.path));
      const meta = await sharp(stored).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 20, height: 40 });
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(stored.includes(Buffer.from('Exif\0\0', 'latin1'))).toBe(false);
      expect(stored.includes(Buffer.from('TestCam', 'latin1'))).toBe(false);

      const served = await t.app.inject({ method: 'GET', url: file!.publicUrl });
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it('makes a WebP a JPEG and fits a big photo within 1920 px', async () => {
      const big = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#222' } })
        .jpeg()
        .toBuffer();
      const res = await images(member.cookie, [
        [await webp(), 'sill.webp'],
        [big, 'big.jpg'],
      ]);
      expect(res.statusCode).toBe(200);
      const files = res.json().files as UploadedFile[];
      expect(files.map((f) => f.mimeType)).toEqual(['image/jpeg', 'image/jpeg']);
      const sizes = await Promise.all(
        files.map(async (f) => sharp(readFileSync(storedFile('post-images', f.path))).metadata()),
      );
      expect(sizes.map((m) => [m.format, m.width, m.height])).toEqual([
        ['jpeg', 50, 30],
        ['jpeg', 1920, 1280],
      ]);
    });

    it('takes one avatar of at most 2 MB, resized to 512 px', async () => {
      const res = await images(member.cookie, [[await png(1000, 600), 'me.png']], [['purpose', 'avatar']]);
      expect(res.statusCode).toBe(200);
      const [file] = res.json().files as UploadedFile[];
      expect(file!.publicUrl).toMatch(/^\/media\/avatars\//);
      expect(await sharp(readFileSync(storedFile('avatars', file!.path))).metadata()).toMatchObject({
        width: 512,
        height: 307,
      });
      expect((await rowsOf(member.me.id)).find((r) => r.id === file!.id)).toMatchObject({ kind: 'avatar' });

      const two = await images(
        member.cookie,
        [
          [await png(), 'a.png'],
          [await png(), 'b.png'],
        ],
        [['purpose', 'avatar']],
      );
      expect(errorOf(two)).toEqual({ status: 400, message: 'Maximum 1 files allowed' });
      const heavy = await images(member.cookie, [[await pngOfSize(2 * MB + 1), 'me.png']], [['purpose', 'avatar']]);
      expect(errorOf(heavy)).toEqual({ status: 400, message: 'Files must be less than 2MB' });
    });
  });

  describe('video', () => {
    it('stores an MP4 as it is, with its duration from the container and a JPEG poster frame', async () => {
      const poster = await png(64, 64);
      const res = await video(member.cookie, [
        ['video', fixture('clip-2s.mp4'), 'clip.mp4'],
        ['thumbnail', poster, 'clip.png'],
      ]);
      expect(res.statusCode).toBe(200);
      const { file } = res.json() as { file: UploadedFile };
      expect(file).toMatchObject({ mimeType: 'video/mp4', fileSize: fixture('clip-2s.mp4').length });
      expect(file.duration).toBeCloseTo(2, 1);
      expect(file.path).toMatch(/\.mp4$/);
      expect(file.publicUrl).toBe(`/media/post-videos/${file.path}`);
      expect(file.thumbnailUrl).toMatch(new RegExp(`^/media/post-images/${member.me.id}/\\d+-[0-9a-f]+\\.jpg$`));
      expect(readFileSync(storedFile('post-videos', file.path)).equals(fixture('clip-2s.mp4'))).toBe(true);

      const thumb = await t.app.inject({ method: 'GET', url: file.thumbnailUrl! });
      expect(thumb.headers['content-type']).toBe('image/jpeg');
      expect((await sharp(thumb.rawPayload).metadata()).format).toBe('jpeg');
      const served = await t.app.inject({ method: 'GET', url: file.publicUrl });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('video/mp4');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');

      const [row] = (await rowsOf(member.me.id)).filter((r) => r.id === file.id);
      expect(row).toMatchObject({
        kind: 'video',
        bucket: 'post-videos',
        mime_type: 'video/mp4',
        thumbnail_url: file.thumbnailUrl,
      });
      expect(row.duration_seconds).toBeCloseTo(2, 1);
    });

    it.each([
      ['clip-2s.webm', 'video/webm', /\.webm$/],
      ['clip-2s.mov', 'video/quicktime', /\.mov$/],
    ])('stores %s with its real type and extension, and serves it as such', async (name, mime, ext) => {
      const res = await video(member.cookie, [['video', fixture(name), 'clip.bin']]);
      expect(res.statusCode).toBe(200);
      const { file } = res.json() as { file: UploadedFile };
      expect(file).toMatchObject({ mimeType: mime, thumbnailUrl: null });
      expect(file.path).toMatch(ext);
      expect(file.duration).toBeCloseTo(2, 1);
      const served = await t.app.inject({ method: 'GET', url: file.publicUrl });
      expect(served.headers['content-type']).toBe(mime);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it('receives videos into a temporary folder that every answer leaves empty', async () => {
      const tmp = path.join(t.config.dataDir, 'tmp', 'uploads');
      const answers = [
        await video(member.cookie, [['video', fixture('clip-2s.webm'), 'ok.webm']]),
        await video(member.cookie, [['video', fixture('clip-301s.mp4'), 'long.mp4']]),
        await video(member.cookie, [['video', Buffer.from('not a video at all'), 'notes.mp4']]),
        await video(member.cookie, [
          ['video', fixture('clip-2s.mp4'), 'a.mp4'],
          ['video', fixture('clip-2s.mp4'), 'b.mp4'],
        ]),
      ];
      expect(answers.map((r) => r.statusCode)).toEqual([200, 400, 400, 400]);
      expect(existsSync(tmp)).toBe(true);
      expect(readdirSync(tmp)).toEqual([]);
    });

    it('refuses a video of 5 minutes or more', async () => {
      expect(fixture('clip-301s.mp4').length).toBeLessThan(100 * 1024);
      const res = await video(member.cookie, [['video', fixture('clip-301s.mp4'), 'long.mp4']]);
      expect(errorOf(res)).toEqual({ status: 400, message: MSG.videoTooLong });
    });

    it.each(['clip-2s.mp4', 'clip-2s.webm', 'clip-2s.mov'])('refuses %s cut short', async (name) => {
      const whole = fixture(name);
      for (const keep of [0.5, 0.9]) {
        const res = await video(member.cookie, [['video', whole.subarray(0, Math.floor(whole.length * keep)), name]]);
        expect(errorOf(res)).toEqual({ status: 400, message: MSG.invalidVideoFile });
      }
    });

    it('refuses a PNG or a text file sent as a video', async () => {
      const asPng = await video(member.cookie, [['video', await png(), 'clip.mp4']]);
      expect(errorOf(asPng)).toEqual({ status: 400, message: MSG.invalidVideoType });
      const asText = await video(member.cookie, [['video', Buffer.from('hello'.repeat(10)), 'clip.mp4']]);
      expect(errorOf(asText)).toEqual({ status: 400, message: MSG.invalidVideoType });
    });

    it('refuses a video over 50 MB without storing it', async () => {
      const someone = await signUpMember(t.app);
      const big = Buffer.concat([fixture('clip-2s.mp4'), Buffer.alloc(50 * MB + 1 - fixture('clip-2s.mp4').length)]);
      const res = await video(someone.cookie, [['video', big, 'big.mp4']]);
      expect(errorOf(res)).toEqual({ status: 400, message: MSG.videoTooLarge });
      expect(filesOf('post-videos', someone.me.id)).toEqual([]);
    });

    it('refuses a bad poster frame and stores nothing, video included', async () => {
      const someone = await signUpMember(t.app);
      const res = await video(someone.cookie, [
        ['video', fixture('clip-2s.mp4'), 'clip.mp4'],
        ['thumbnail', Buffer.from('not an image at all'), 'thumb.jpg'],
      ]);
      expect(errorOf(res)).toEqual({ status: 400, message: MSG.failedThumbnail });
      expect(filesOf('post-videos', someone.me.id)).toEqual([]);
      expect(filesOf('post-images', someone.me.id)).toEqual([]);
      expect(await rowsOf(someone.me.id)).toEqual([]);
    });

    it('takes one video only', async () => {
      const res = await video(member.cookie, [
        ['video', fixture('clip-2s.mp4'), 'a.mp4'],
        ['video', fixture('clip-2s.mp4'), 'b.mp4'],
      ]);
      expect(errorOf(res)).toEqual({ status: 400, message: MSG.maxVideos });
    });
  });

  describe('removing an upload', () => {
    const remove = (cookie: string, id: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/uploads/${id}`, headers: { origin: ORIGIN, cookie } });

    it('lets the owner remove an unattached video with its poster frame', async () => {
      const res = await video(member.cookie, [
        ['video', fixture('clip-2s.mp4'), 'clip.mp4'],
        ['thumbnail', await png(), 't.png'],
      ]);
      const { file } = res.json() as { file: UploadedFile };
      const thumbPath = file.thumbnailUrl!.replace('/media/post-images/', '');
      expect(existsSync(storedFile('post-videos', file.path))).toBe(true);

      expect((await remove(member.cookie, file.id)).statusCode).toBe(204);
      expect(existsSync(storedFile('post-videos', file.path))).toBe(false);
      expect(existsSync(storedFile('post-images', thumbPath))).toBe(false);
      expect((await rowsOf(member.me.id)).some((r) => r.id === file.id)).toBe(false);
      expect((await remove(member.cookie, file.id)).statusCode).toBe(404);
    });

    it("answers 404 for someone else's upload, an attached one, or a made-up id, and removes nothing", async () => {
      const [file] = (await images(member.cookie, [[await png(), 'mine.png']])).json().files as UploadedFile[];
      expect((await remove(other.cookie, file!.id)).statusCode).toBe(404);
      expect(existsSync(storedFile('post-images', file!.path))).toBe(true);

      await t.app.services.database.pool.query('UPDATE uploads SET attached_at = now() WHERE id = $1', [file!.id]);
      expect((await remove(member.cookie, file!.id)).statusCode).toBe(404);
      expect(existsSync(storedFile('post-images', file!.path))).toBe(true);

      expect((await remove(member.cookie, 'not-a-uuid')).statusCode).toBe(404);
    });
  });

  describe('the upload sweep', () => {
    it('removes uploads left unattached for a day, files and rows, and keeps the rest; running it twice is safe', async () => {
      const owner = await signUpMember(t.app);
      const [stale, recent, attached] = (
        await images(owner.cookie, [
          [await png(), 'stale.png'],
          [await png(), 'recent.png'],
          [await png(), 'attached.png'],
        ])
      ).json().files as UploadedFile[];
      const { file: staleVideo } = (
        await video(owner.cookie, [
          ['video', fixture('clip-2s.mp4'), 'clip.mp4'],
          ['thumbnail', await png(), 't.png'],
        ])
      ).json() as { file: UploadedFile };
      const pool = t.app.services.database.pool;
      await pool.query(`UPDATE uploads SET created_at = now() - interval '25 hours' WHERE id = ANY($1)`, [
        [stale!.id, attached!.id, staleVideo.id],
      ]);
      await pool.query(`UPDATE uploads SET created_at = now() - interval '23 hours' WHERE id = $1`, [recent!.id]);
      await pool.query('UPDATE uploads SET attached_at = now() WHERE id = $1', [attached!.id]);

      await t.app.services.jobs.send('sweep-uploads', {});
      expect(await t.app.services.jobs.runDue('sweep-uploads')).toEqual({ completed: 1, failed: 0 });

      const left = (await rowsOf(owner.me.id)).map((r) => r.id).sort();
      expect(left).toEqual([recent!.id, attached!.id].sort());
      expect(existsSync(storedFile('post-images', stale!.path))).toBe(false);
      expect(existsSync(storedFile('post-videos', staleVideo.path))).toBe(false);
      expect(existsSync(storedFile('post-images', staleVideo.thumbnailUrl!.replace('/media/post-images/', '')))).toBe(
        false,
      );
      expect(existsSync(storedFile('post-images', recent!.path))).toBe(true);
      expect(existsSync(storedFile('post-images', attached!.path))).toBe(true);

      await t.app.services.jobs.send('sweep-uploads', {});
      expect(await t.app.services.jobs.runDue('sweep-uploads')).toEqual({ completed: 1, failed: 0 });
      expect((await rowsOf(owner.me.id)).length).toBe(2);
    });
  });
});

describe('upload rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_UPLOADS: '2' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 429 past RATE_LIMIT_UPLOADS requests in a window', async () => {
    const member = await signUpMember(t.app);
    const body = await multipart([['files', await png(), 'p.png']]);
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/uploads/images',
        payload: body.payload,
        headers: { origin: ORIGIN, cookie: member.cookie, 'content-type': body.contentType },
      });
    expect((await post()).statusCode).toBe(200);
    expect((await post()).statusCode).toBe(200);
    const third = await post();
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toBe(MSG.tooManyRequests);
  });
});

describe('upload sweep schedule', () => {
  it('is scheduled hourly when the workers start', async () => {
    const t = await createTestApp({ RUN_WORKER: 'true' });
    try {
      const { rows } = await t.app.services.database.pool.query('SELECT name, cron FROM pgboss.schedule');
      expect(rows).toContainEqual({ name: 'sweep-uploads', cron: '17 * * * *' });
    } finally {
      await t.close();
    }
  });
});
