import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { AvatarResult, Me, MemberProfile, PostList, UploadedFile } from '@fenestra/shared';
import { createTestApp, failingOn, insertMember, multipart, ORIGIN, type TestApp } from './helpers.js';
import { get, insertPost, sqlQuery } from './post-fixtures.js';
import { makeMissingVariants } from '../src/ops/image-variants.js';
import { uploadsService } from '../src/modules/uploads/service.js';

type Member = Awaited<ReturnType<typeof insertMember>>;

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#4e6f8a' } })
    .jpeg()
    .toBuffer();

describe('avatars sent at the size they are shown', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_UPLOADS: '1000' });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The member's stored avatars and copies, by file name. */
  const avatarFiles = (userId: string) => {
    const dir = path.join(t.config.dataDir, 'uploads', 'avatars', userId);
    return existsSync(dir) ? readdirSync(dir).sort() : [];
  };
  const named = (file: UploadedFile, widths: number[]) => {
    const base = path.basename(file.path).replace(/\.jpg$/, '');
    return [`${base}.jpg`, ...widths.map((w) => `${base}.w${w}.webp`)].sort();
  };
  const uploadAvatar = async (member: Member, data: Buffer) => {
    const body = await multipart([
      ['purpose', 'avatar'],
      ['files', data, 'me.jpg'],
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/images',
      payload: body.payload,
      headers: { origin: ORIGIN, cookie: member.cookie, 'content-type': body.contentType },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().files as UploadedFile[])[0]!;
  };
  const setAvatar = async (member: Member, payload: object) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/avatar',
      payload,
      headers: { origin: ORIGIN, cookie: member.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AvatarResult>();
  };

  it('writes 48, 96 and 192 px WebP copies beside an uploaded avatar, and every answer that shows it says so', async () => {
    const member = await insertMember(t);
    await insertPost(t, { userId: member.me.id, status: 'open', title: 'Avatar copies on the card' });
    const file = await uploadAvatar(member, await photo(800, 800));
    expect(avatarFiles(member.me.id)).toEqual(named(file, [48, 96, 192]));

    const copies = { width: 512, height: 512, variantWidths: [48, 96, 192] };
    expect(await setAvatar(member, { kind: 'upload', uploadId: file.id })).toEqual({
      avatarUrl: file.publicUrl,
      avatarCopies: copies,
    });
    expect((await get(t, '/api/me', member.cookie)).json<{ me: Me }>().me).toMatchObject({
      avatarUrl: file.publicUrl,
      avatarCopies: copies,
    });
    expect((await get(t, `/api/users/${member.me.username}`)).json<MemberProfile>()).toMatchObject({
      avatarCopies: copies,
    });
    const card = (await get(t, '/api/posts')).json<PostList>().posts.find((p) => p.author.id === member.me.id)!;
    expect(card.author).toEqual({
      id: member.me.id,
      username: member.me.username,
      avatarUrl: file.publicUrl,
      avatarCopies: copies,
    });

    const small = await t.app.inject({ method: 'GET', url: file.publicUrl.replace(/\.jpg$/, '.w48.webp') });
    expect(small.headers).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=31536000, immutable',
    });
    expect(await sharp(small.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 48, height: 48 });
    const whole = await t.app.inject({ method: 'GET', url: file.publicUrl });
    expect(small.rawPayload.length * 10).toBeLessThan(whole.rawPayload.length);
  });

  it('removes the old avatar and its copies when it is replaced, removed or its member deleted', async () => {
    const member = await insertMember(t);
    const first = await uploadAvatar(member, await photo(600, 600));
    await setAvatar(member, { kind: 'upload', uploadId: first.id });
    // A small picture gets only the copies narrower than itself.
    const second = await uploadAvatar(member, await photo(90, 90));
    expect(await setAvatar(member, { kind: 'upload', uploadId: second.id })).toEqual({
      avatarUrl: second.publicUrl,
      avatarCopies: { width: 90, height: 90, variantWidths: [48] },
    });
    expect(avatarFiles(member.me.id)).toEqual(named(second, [48]));

    // An emoji has no copies, and the header no longer names any.
    expect(await setAvatar(member, { kind: 'preset', emoji: '🔧' })).toEqual({ avatarUrl: '🔧' });
    expect(avatarFiles(member.me.id)).toEqual([]);
    expect((await get(t, '/api/me', member.cookie)).json<{ me: Me }>().me).not.toHaveProperty('avatarCopies');

    const third = await uploadAvatar(member, await photo(300, 300));
    await setAvatar(member, { kind: 'upload', uploadId: third.id });
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: '/api/settings/avatar',
          headers: { origin: ORIGIN, cookie: member.cookie },
        })
      ).statusCode,
    ).toBe(200);
    expect(avatarFiles(member.me.id)).toEqual([]);

    const fourth = await uploadAvatar(member, await photo(300, 300));
    await setAvatar(member, { kind: 'upload', uploadId: fourth.id });
    expect(avatarFiles(member.me.id)).toHaveLength(4);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: '/api/settings/account',
      payload: { confirm: 'CONFIRM' },
      headers: { origin: ORIGIN, cookie: member.cookie },
    });
    expect(gone.statusCode, gone.body).toBeLessThan(300);
    expect(avatarFiles(member.me.id)).toEqual([]);
  });

  it('leaves no file behind when a copy cannot be written', async () => {
    const member = await insertMember(t);
    const { database, storage, media } = t.app.services;
    const uploads = uploadsService({ db: database.db, storage: failingOn(storage, /\.w96\.webp$/), media });
    await expect(
      uploads.uploadImages(
        member.me.id,
        [{ filename: 'me.jpg', data: await photo(400, 400), tooLarge: false }],
        'avatar',
      ),
    ).rejects.toThrow('disk full');
    expect(avatarFiles(member.me.id)).toEqual([]);
    const { rows } = await sqlQuery(t, 'SELECT 1 FROM uploads WHERE user_id = $1', [member.me.id]);
    expect(rows).toEqual([]);
  });

  it('npm run media:variants gives older avatars and link-preview pictures their copies and size, and leaves emoji alone', async () => {
    const member = await insertMember(t);
    const emoji = await insertMember(t);
    const { storage } = t.app.services;
    const put = await storage.put('avatars', `${member.me.id}/1-old.jpg`, await photo(256, 256), 'image/jpeg');
    await sqlQuery(t, 'UPDATE profiles SET avatar_url = $2 WHERE id = $1', [member.me.id, put.publicUrl]);
    await sqlQuery(t, `UPDATE profiles SET avatar_url = '🏠' WHERE id = $1`, [emoji.me.id]);
    expect((await get(t, `/api/users/${member.me.username}`)).json<MemberProfile>()).not.toHaveProperty('avatarCopies');

    const preview = await storage.put(
      'post-images',
      'link-previews/1-old.png',
      await sharp({ create: { width: 1200, height: 630, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
      'image/png',
    );
    await sqlQuery(
      t,
      `INSERT INTO link_previews (url, data, image_path) VALUES ('https://example.com/old', '{"title":"Old","description":null}', $1)`,
      [preview.path],
    );

    expect(await makeMissingVariants(t.app.services.database.db, storage)).toEqual({ made: 2, missing: 0 });
    expect(avatarFiles(member.me.id)).toEqual(['1-old.jpg', '1-old.w192.webp', '1-old.w48.webp', '1-old.w96.webp']);
    const { rows } = await sqlQuery(
      t,
      'SELECT avatar_width, avatar_height, avatar_variant_widths FROM profiles WHERE id = ANY($1) ORDER BY id = $2',
      [[member.me.id, emoji.me.id], member.me.id],
    );
    expect(rows).toEqual([
      { avatar_width: null, avatar_height: null, avatar_variant_widths: [] },
      { avatar_width: 256, avatar_height: 256, avatar_variant_widths: [48, 96, 192] },
    ]);
    const {
      rows: [card],
    } = await sqlQuery(
      t,
      `SELECT image_width, image_height, image_variant_widths FROM link_previews WHERE url = 'https://example.com/old'`,
    );
    expect(card).toEqual({ image_width: 1200, image_height: 630, image_variant_widths: [160, 320, 640] });
    expect(
      (await t.app.inject({ method: 'GET', url: '/media/post-images/link-previews/1-old.w160.webp' })).statusCode,
    ).toBe(200);
    // Done: a second run finds nothing of theirs to do.
    expect(await makeMissingVariants(t.app.services.database.db, storage)).toEqual({ made: 0, missing: 0 });
  });
});
