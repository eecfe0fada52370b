import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import {
  DEFAULT_EMAIL_PREFERENCES,
  MSG,
  type MemberProfile,
  type MemberReplyList,
  type PostList,
  type Settings,
  type UploadedFile,
} from '@fenestra/shared';
import { createTestApp, signUpMember, ORIGIN, type TestApp, multipart, untilWaitingOnLock } from './helpers.js';
import { ask, askBody, get, insertPost, makeStaff, post, sqlQuery } from './post-fixtures.js';
import { setCookiesOf } from './cookie-jar.js';

type Member = Awaited<ReturnType<typeof signUpMember>>;

const send = (t: TestApp, method: 'PATCH' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    ...(payload ? { payload } : {}),
  });
const errorOf = (res: { statusCode: number; json(): { message: string; field?: string } }) => ({
  status: res.statusCode,
  message: res.json().message,
  field: res.json().field,
});

const png = (color = '#3a6ea5') =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: color } })
    .png()
    .toBuffer();

async function uploadAvatar(t: TestApp, cookie: string, data: Buffer, name = 'me.png') {
  const body = await multipart([
    ['purpose', 'avatar'],
    ['files', data, name],
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/uploads/images',
    payload: body.payload,
    headers: { origin: ORIGIN, cookie, 'content-type': body.contentType },
  });
}

async function insertReply(
  t: TestApp,
  postId: string,
  userId: string,
  over: { content?: string; pinned?: boolean; createdAt?: Date } = {},
) {
  const { rows } = await sqlQuery<{ id: string }>(
    t,
    `
    INSERT INTO replies (post_id, user_id, content, is_pinned, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [
      postId,
      userId,
      over.content ?? 'A reply that is long enough.',
      over.pinned ?? false,
      over.createdAt ?? new Date(),
    ],
  );
  return rows[0]!.id;
}

describe('profiles', () => {
  let t: TestApp;
  let author: Member;
  let other: Member;
  let staff: Member;
  let openPost: string;
  let pendingPost: string;
  let deniedPost: string;
  const longReply = `${'r'.repeat(300)}${'s'.repeat(100)}`;

  beforeAll(async () => {
    t = await createTestApp();
    author = await signUpMember(t.app, { username: 'Sash_Fixer' });
    other = await signUpMember(t.app);
    staff = await signUpMember(t.app);
    await makeStaff(t, staff.me.id, 'moderator');
    // One post made public through the review queue (which keeps post_count), one left pending.
    const asked = await ask(t, author.cookie, askBody({ title: 'Approved question about a hinge' }));
    openPost = asked.json().id;
    expect((await post(t, `/api/admin/posts/${openPost}/approve`, staff.cookie)).statusCode).toBe(200);
    pendingPost = (await ask(t, author.cookie, askBody({ title: 'Pending question about a latch' }))).json().id;
    deniedPost = await insertPost(t, {
      userId: author.me.id,
      status: 'denied',
      title: 'Denied question about a lock',
      denialReason: 'spam',
    });
    const solvedPost = await insertPost(t, {
      userId: other.me.id,
      status: 'solved',
      title: 'Someone else solved question',
    });
    const base = Date.now() - 60_000;
    await insertReply(t, openPost, author.me.id, { content: longReply, pinned: true, createdAt: new Date(base) });
    const answer = await insertReply(t, solvedPost, author.me.id, {
      content: 'Reply on a solved post here.',
      createdAt: new Date(base + 1000),
    });
    // Helpful counts the marks the member's replies received; Solutions their accepted answers (issue 23).
    await t.app.services.database.pool.query('UPDATE replies SET helpful_count = 1 WHERE id = $1', [answer]);
    await t.app.services.database.pool.query('UPDATE posts SET accepted_reply_id = $1 WHERE id = $2', [
      answer,
      solvedPost,
    ]);
    await insertReply(t, pendingPost, author.me.id, {
      content: 'Reply on a pending post: hidden',
      createdAt: new Date(base + 2000),
    });
    await insertReply(t, deniedPost, author.me.id, {
      content: 'Reply on a denied post: hidden',
      createdAt: new Date(base + 3000),
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it("shows a visitor the header and true counts, without the status badge, ignoring the name's case", async () => {
    const res = await get(t, '/api/users/sash_FIXER');
    expect(res.statusCode).toBe(200);
    const profile = res.json() as MemberProfile;
    expect(profile).toEqual({
      id: author.me.id,
      username: 'Sash_Fixer',
      bio: '',
      avatarUrl: null,
      role: 'user',
      status: null,
      banReason: null,
      joinedAt: expect.any(String),
      postCount: 1,
      replyCount: 2,
      helpfulCount: 1,
      solutionCount: 1,
      isSelf: false,
    });
    expect(Object.keys(profile)).not.toContain('email');
  });

  it('gives the status only to staff, and isSelf only to the member', async () => {
    expect((await get(t, '/api/users/Sash_Fixer', other.cookie)).json()).toMatchObject({
      status: null,
      banReason: null,
      isSelf: false,
    });
    expect((await get(t, '/api/users/Sash_Fixer', author.cookie)).json()).toMatchObject({ status: null, isSelf: true });
    expect((await get(t, '/api/users/Sash_Fixer', staff.cookie)).json()).toMatchObject({
      status: 'active',
      banReason: null,
      isSelf: false,
    });
    expect((await get(t, `/api/users/${staff.me.username}`)).json()).toMatchObject({ role: 'moderator' });
  });

  it("answers 'User not found' for an unknown username", async () => {
    for (const name of ['nobody-here', 'bad%20name', 'x'.repeat(80)]) {
      const res = await get(t, `/api/users/${name}`);
      expect(errorOf(res)).toMatchObject({ status: 404, message: MSG.userNotFound });
    }
    expect((await get(t, '/api/users/nobody-here/replies')).statusCode).toBe(404);
  });

  it('lists only their public posts, newest first', async () => {
    const list = (await get(t, '/api/users/sash_fixer/posts')).json() as PostList;
    expect(list.posts.map((p) => p.id)).toEqual([openPost]);
    expect(list.posts[0]!.author).toMatchObject({ id: author.me.id, username: 'Sash_Fixer' });
    expect(list).toMatchObject({ total: 1, nextCursor: null });
  });

  it('lists replies on public posts only, with the post title and a 300-character preview', async () => {
    const list = (await get(t, '/api/users/Sash_Fixer/replies')).json() as MemberReplyList;
    expect(list.nextCursor).toBeNull();
    expect(list.replies.map((r) => r.postTitle)).toEqual([
      'Someone else solved question',
      'Approved question about a hinge',
    ]);
    expect(list.replies[1]).toMatchObject({ postId: openPost, isPinned: true, preview: `${'r'.repeat(300)}...` });
    expect(list.replies[0]!.preview).toBe('Reply on a solved post here.');
    expect(JSON.stringify(list)).not.toContain('hidden');
  });

  it('pages replies 20 at a time with a keyset cursor', async () => {
    const many = await signUpMember(t.app);
    const base = Date.now() - 100_000;
    const ids: string[] = [];
    for (let i = 0; i < 23; i++)
      ids.push(await insertReply(t, openPost, many.me.id, { createdAt: new Date(base + i * 1000) }));
    const first = (await get(t, `/api/users/${many.me.username}/replies`)).json() as MemberReplyList;
    expect(first.replies).toHaveLength(20);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (
      await get(t, `/api/users/${many.me.username}/replies?cursor=${first.nextCursor}`)
    ).json() as MemberReplyList;
    expect([...first.replies, ...second.replies].map((r) => r.id)).toEqual([...ids].reverse());
    expect(second.nextCursor).toBeNull();
    expect((await get(t, `/api/users/${many.me.username}/replies?cursor=nonsense`)).statusCode).toBe(400);
  });

  it('shows bookmarks on your own profile only', async () => {
    expect((await post(t, `/api/posts/${openPost}/bookmark`, author.cookie)).json()).toMatchObject({ active: true });
    const own = await get(t, '/api/users/sash_fixer/bookmarks', author.cookie);
    expect(own.statusCode).toBe(200);
    expect((own.json() as PostList).posts.map((p) => p.id)).toEqual([openPost]);
    expect(own.json()).toEqual((await get(t, '/api/bookmarks', author.cookie)).json());
    expect(errorOf(await get(t, '/api/users/sash_fixer/bookmarks', other.cookie))).toMatchObject({
      status: 403,
      message: MSG.bookmarksOwnOnly,
    });
    expect((await get(t, '/api/users/sash_fixer/bookmarks')).statusCode).toBe(401);
  });
});

describe('settings: profile', () => {
  let t: TestApp;
  let alice: Member;
  let bob: Member;
  beforeAll(async () => {
    t = await createTestApp();
    alice = await signUpMember(t.app, { username: 'alice' });
    bob = await signUpMember(t.app, { username: 'bob-the-glazier' });
  });
  afterAll(async () => {
    await t.close();
  });

  const patch = (cookie: string | undefined, body: object) => send(t, 'PATCH', '/api/settings/profile', cookie, body);
  const nameOf = async (id: string) =>
    (
      await sqlQuery<{ username: string; name: string }>(
        t,
        'SELECT p.username, u.name FROM profiles p JOIN users u ON u.id = p.id WHERE p.id = $1',
        [id],
      )
    ).rows[0]!;

  it("reads the member's own settings, email included", async () => {
    const res = await get(t, '/api/settings', alice.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      username: 'alice',
      bio: '',
      avatarUrl: null,
      email: alice.email,
      emailPreferences: DEFAULT_EMAIL_PREFERENCES,
      digest: 'off',
      hasPassword: true,
    } satisfies Settings);
    expect((await get(t, '/api/settings')).statusCode).toBe(401);
  });

  it.each([
    ['a username of 2 characters', { username: 'ab' }, MSG.usernameMin, 'username'],
    ['a username of 31 characters', { username: 'a'.repeat(31) }, MSG.usernameMax, 'username'],
    ['a username with a space', { username: 'bad name' }, MSG.usernameChars, 'username'],
    ['a username with an @', { username: 'bad@name' }, MSG.usernameChars, 'username'],
    ['a bio of 501 characters', { bio: 'b'.repeat(501) }, MSG.bioMax, 'bio'],
  ])('refuses %s with its message', async (_case, body, message, field) => {
    const res = await patch(alice.cookie, body);
    expect(errorOf(res)).toEqual({ status: 400, message, field });
    expect(await nameOf(alice.me.id)).toMatchObject({ username: 'alice' });
  });

  it.each([
    ['3 characters', 'abc'],
    ['30 characters', `a_-${'9'.repeat(27)}`],
  ])('takes a username of %s and a bio of 500, keeping users.name in step', async (_case, username) => {
    const res = await patch(alice.cookie, { username, bio: 'b'.repeat(500) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ username, bio: 'b'.repeat(500) });
    expect(await nameOf(alice.me.id)).toEqual({ username, name: username });
    expect((await get(t, '/api/me', alice.cookie)).json().me.username).toBe(username);
  });

  it("refuses another member's name in any case, and allows a case-only change of one's own", async () => {
    await patch(alice.cookie, { username: 'alice' });
    const res = await patch(alice.cookie, { username: 'BOB-the-Glazier' });
    expect(errorOf(res)).toEqual({ status: 409, message: MSG.usernameTaken, field: 'username' });
    expect(await nameOf(alice.me.id)).toMatchObject({ username: 'alice' });
    const own = await patch(alice.cookie, { username: 'Alice' });
    expect(own.json()).toEqual({ username: 'Alice', bio: 'b'.repeat(500) });
    expect((await patch(alice.cookie, { bio: '  Glazier in Leeds  ' })).json()).toEqual({
      username: 'Alice',
      bio: 'Glazier in Leeds',
    });
  });

  it('lets exactly one of two members racing for the same new name have it', async () => {
    const racers = await Promise.all([signUpMember(t.app), signUpMember(t.app), signUpMember(t.app)]);
    const results = await Promise.all(racers.map((r) => patch(r.cookie, { username: 'Contested-Name' })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.json()).toMatchObject({ message: MSG.usernameTaken, field: 'username' });
    const { rows } = await sqlQuery(t, "SELECT id FROM profiles WHERE lower(username) = 'contested-name'");
    expect(rows).toHaveLength(1);
  });

  it('lets the unique index decide when the pre-check cannot see the other claim yet', async () => {
    const [holder, late] = await Promise.all([signUpMember(t.app), signUpMember(t.app)]);
    const client = await t.app.services.database.pool.connect();
    try {
      // Another transaction takes the name and has not committed: the pre-check sees nothing, the index waits.
      await client.query('BEGIN');
      await client.query("UPDATE profiles SET username = 'Held-Name' WHERE id = $1", [holder.me.id]);
      const pending = patch(late.cookie, { username: 'held-name' });
      // Commit only once the rename waits on the index: earlier, the pre-check would answer instead.
      await untilWaitingOnLock(t, client);
      await client.query('COMMIT');
      expect(errorOf(await pending)).toEqual({ status: 409, message: MSG.usernameTaken, field: 'username' });
    } finally {
      client.release();
    }
    expect(await nameOf(late.me.id)).toMatchObject({ username: late.me.username });
  });

  it("changes only the caller: there is no way to change another member's profile", async () => {
    const before = await nameOf(alice.me.id);
    const res = await patch(bob.cookie, { username: 'bob-renamed', bio: 'Bob here' });
    expect(res.json()).toEqual({ username: 'bob-renamed', bio: 'Bob here' });
    expect(await nameOf(alice.me.id)).toEqual(before);
    expect((await get(t, `/api/users/${before.username}`)).json()).toMatchObject({
      id: alice.me.id,
      bio: 'Glazier in Leeds',
    });
    // A body naming someone else's id is ignored; a visitor gets 401; a cross-site request is refused.
    const sneaky = await patch(bob.cookie, { id: alice.me.id, userId: alice.me.id, bio: 'Bob again' });
    expect(sneaky.statusCode).toBe(200);
    expect(await nameOf(alice.me.id)).toEqual(before);
    expect((await patch(undefined, { bio: 'visitor' })).statusCode).toBe(401);
    const crossSite = await t.app.inject({
      method: 'PATCH',
      url: '/api/settings/profile',
      headers: { cookie: bob.cookie, origin: 'https://evil.example' },
      payload: { bio: 'x' },
    });
    expect(crossSite.statusCode).toBe(403);
  });
});

describe('settings: avatar and email preferences', () => {
  let t: TestApp;
  let member: Member;
  let other: Member;
  beforeAll(async () => {
    t = await createTestApp();
    member = await signUpMember(t.app);
    other = await signUpMember(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const put = (cookie: string | undefined, body: object) => send(t, 'PUT', '/api/settings/avatar', cookie, body);
  const fileOf = (file: UploadedFile) => path.join(t.config.dataDir, 'uploads', 'avatars', file.path);
  const upload = async (cookie: string, color?: string) => {
    const res = await uploadAvatar(t, cookie, await png(color));
    expect(res.statusCode).toBe(200);
    return (res.json().files as UploadedFile[])[0]!;
  };
  const avatarOf = async () => (await get(t, '/api/settings', member.cookie)).json().avatarUrl as string | null;

  it('sets a preset emoji at once, and refuses any other emoji or shape', async () => {
    const res = await put(member.cookie, { kind: 'preset', emoji: '🔧' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ avatarUrl: '🔧' });
    expect(await avatarOf()).toBe('🔧');
    expect((await get(t, `/api/users/${member.me.username}`)).json().avatarUrl).toBe('🔧');
    for (const body of [
      { kind: 'preset', emoji: '😀' },
      { kind: 'preset', emoji: '🔧🔧' },
      { kind: 'url', url: 'https://x.example/a.png' },
      {},
    ]) {
      expect(errorOf(await put(member.cookie, body))).toMatchObject({ status: 400, message: MSG.invalidAvatar });
    }
    expect(await avatarOf()).toBe('🔧');
    expect((await put(undefined, { kind: 'preset', emoji: '🔧' })).statusCode).toBe(401);
  });

  it('claims an uploaded avatar, and removes the old file and row when it is replaced', async () => {
    const first = await upload(member.cookie);
    const res = await put(member.cookie, { kind: 'upload', uploadId: first.id });
    expect(res.json()).toEqual({
      avatarUrl: first.publicUrl,
      avatarCopies: { width: 512, height: 341, variantWidths: [48, 96, 192] },
    });
    expect(await avatarOf()).toBe(first.publicUrl);
    expect(existsSync(fileOf(first))).toBe(true);
    // Re-encoded without metadata, at most 512 px (the upload route's work).
    const meta = await sharp(fileOf(first)).metadata();
    expect(meta).toMatchObject({ width: 512, height: 341 });
    expect(meta.exif).toBeUndefined();
    // The same upload cannot be claimed twice.
    expect((await put(member.cookie, { kind: 'upload', uploadId: first.id })).statusCode).toBe(400);

    const second = await upload(member.cookie, '#aa3333');
    expect((await put(member.cookie, { kind: 'upload', uploadId: second.id })).json()).toMatchObject({
      avatarUrl: second.publicUrl,
    });
    expect(existsSync(fileOf(first))).toBe(false);
    expect(existsSync(fileOf(second))).toBe(true);
    const { rows } = await sqlQuery<{ id: string }>(t, 'SELECT id FROM uploads WHERE user_id = $1', [member.me.id]);
    expect(rows.map((r) => r.id)).toEqual([second.id]);

    // A preset replaces an upload too, and the file goes; then DELETE goes back to no avatar.
    expect((await put(member.cookie, { kind: 'preset', emoji: '🏠' })).json()).toEqual({ avatarUrl: '🏠' });
    expect(existsSync(fileOf(second))).toBe(false);
    const third = await upload(member.cookie);
    await put(member.cookie, { kind: 'upload', uploadId: third.id });
    const removed = await send(t, 'DELETE', '/api/settings/avatar', member.cookie);
    expect(removed.json()).toEqual({ avatarUrl: null });
    expect(existsSync(fileOf(third))).toBe(false);
    expect(await avatarOf()).toBeNull();
  });

  it("refuses a text file as an avatar upload, and someone else's upload id", async () => {
    await send(t, 'DELETE', '/api/settings/avatar', member.cookie);
    const text = await uploadAvatar(t, member.cookie, Buffer.from('not an image at all, just words'), 'notes.txt');
    expect(errorOf(text)).toMatchObject({ status: 400, message: MSG.invalidImageType('notes.txt') });

    const theirs = await upload(other.cookie);
    const res = await put(member.cookie, { kind: 'upload', uploadId: theirs.id });
    expect(res.statusCode).toBe(400);
    expect(await avatarOf()).toBeNull();
    const { rows } = await sqlQuery<{ attached_at: Date | null }>(t, 'SELECT attached_at FROM uploads WHERE id = $1', [
      theirs.id,
    ]);
    expect(rows[0]!.attached_at).toBeNull();
    // An image upload (not an avatar) cannot become an avatar either.
    const postImage = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/images',
      ...(await (async () => {
        const body = await multipart([['files', await png(), 'photo.png']]);
        return {
          payload: body.payload,
          headers: { origin: ORIGIN, cookie: member.cookie, 'content-type': body.contentType },
        };
      })()),
    });
    const imageId = (postImage.json().files as UploadedFile[])[0]!.id;
    expect((await put(member.cookie, { kind: 'upload', uploadId: imageId })).statusCode).toBe(400);
  });

  it('saves email preferences, and reads missing keys as the defaults with banned on unless explicitly false', async () => {
    const prefsOf = async () => (await get(t, '/api/settings', member.cookie)).json().emailPreferences;
    expect(await prefsOf()).toEqual(DEFAULT_EMAIL_PREFERENCES);
    const chosen = {
      mentions: false,
      replies: true,
      approved: false,
      denied: true,
      solved: false,
      banned: false,
      accepted: false,
    };
    const res = await send(t, 'PUT', '/api/settings/email-preferences', member.cookie, chosen);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(chosen);
    expect(await prefsOf()).toEqual(chosen);

    const missing = await send(t, 'PUT', '/api/settings/email-preferences', member.cookie, { mentions: true });
    expect(missing.statusCode).toBe(400);
    expect(await prefsOf()).toEqual(chosen);

    await sqlQuery(
      t,
      `UPDATE profiles SET email_preferences = '{"denied": true, "banned": null, "mentions": "yes"}' WHERE id = $1`,
      [member.me.id],
    );
    expect(await prefsOf()).toEqual({ ...DEFAULT_EMAIL_PREFERENCES, denied: true, banned: true });
    await sqlQuery(t, `UPDATE profiles SET email_preferences = '{}' WHERE id = $1`, [member.me.id]);
    expect(await prefsOf()).toEqual(DEFAULT_EMAIL_PREFERENCES);
    await sqlQuery(t, `UPDATE profiles SET email_preferences = '{"banned": false}' WHERE id = $1`, [member.me.id]);
    expect((await prefsOf()).banned).toBe(false);
  });
});

describe("deleting one's account", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const remove = (cookie: string | undefined, body: object) => send(t, 'DELETE', '/api/settings/account', cookie, body);
  const countersTrue = async () =>
    (
      await sqlQuery<{ drift: number }>(
        t,
        `
    SELECT count(*)::int AS drift FROM posts p
    WHERE p.vote_count <> (SELECT count(*) FROM post_votes v WHERE v.post_id = p.id)
       OR p.bookmark_count <> (SELECT count(*) FROM bookmarks b WHERE b.post_id = p.id)`,
      )
    ).rows[0]!.drift === 0;

  it('refuses anything but the exact word CONFIRM', async () => {
    const member = await signUpMember(t.app);
    for (const body of [{ confirm: 'confirm' }, { confirm: 'CONFIRM ' }, {}]) {
      expect(errorOf(await remove(member.cookie, body))).toEqual({
        status: 400,
        message: MSG.confirmWord('CONFIRM'),
        field: 'confirm',
      });
    }
    expect((await get(t, '/api/settings', member.cookie)).statusCode).toBe(200);
    expect((await remove(undefined, { confirm: 'CONFIRM' })).statusCode).toBe(401);
  });

  it('removes sessions, profile, votes, bookmarks, notifications and avatar at once; counters stay true; posts stay as unknown', async () => {
    const leaver = await signUpMember(t.app, { username: 'leaving-member' });
    const stayer = await signUpMember(t.app);
    const secondSession = await t.app.inject({
      method: 'POST',
      url: '/api/account/sign-in',
      headers: { origin: ORIGIN },
      payload: { email: leaver.email, password: leaver.password },
    });
    const otherCookie = setCookiesOf(secondSession)
      .map((c) => c.split(';')[0])
      .join('; ');
    const theirPost = await insertPost(t, { userId: leaver.me.id, title: 'Leaver question about a hinge' });
    const replyId = await insertReply(t, theirPost, leaver.me.id);
    const posts = [
      await insertPost(t, { userId: stayer.me.id }),
      await insertPost(t, { userId: stayer.me.id }),
      theirPost,
    ];
    for (const id of posts) {
      await post(t, `/api/posts/${id}/like`, leaver.cookie);
      await post(t, `/api/posts/${id}/like`, stayer.cookie);
      await post(t, `/api/posts/${id}/bookmark`, leaver.cookie);
    }
    await sqlQuery(t, "INSERT INTO notifications (user_id, type, message) VALUES ($1, 'mention', 'hi')", [
      leaver.me.id,
    ]);
    const avatar = (await uploadAvatar(t, leaver.cookie, await png())).json().files[0] as UploadedFile;
    await send(t, 'PUT', '/api/settings/avatar', leaver.cookie, { kind: 'upload', uploadId: avatar.id });
    const avatarFile = path.join(t.config.dataDir, 'uploads', 'avatars', avatar.path);
    expect(existsSync(avatarFile)).toBe(true);
    expect(await countersTrue()).toBe(true);

    const res = await remove(leaver.cookie, { confirm: 'CONFIRM' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(setCookiesOf(res).some((c) => /^fenestra\.session_token=;.*Max-Age=0/i.test(c))).toBe(true);

    const left = (
      await sqlQuery<Record<string, number>>(
        t,
        `
      SELECT (SELECT count(*)::int FROM users WHERE id = $1) AS users,
             (SELECT count(*)::int FROM sessions WHERE user_id = $1) AS sessions,
             (SELECT count(*)::int FROM accounts WHERE user_id = $1) AS accounts,
             (SELECT count(*)::int FROM profiles WHERE id = $1) AS profiles,
             (SELECT count(*)::int FROM post_votes WHERE user_id = $1) AS votes,
             (SELECT count(*)::int FROM bookmarks WHERE user_id = $1) AS bookmarks,
             (SELECT count(*)::int FROM notifications WHERE user_id = $1) AS notifications,
             (SELECT count(*)::int FROM uploads WHERE public_url = $2) AS avatar_rows`,
        [leaver.me.id, avatar.publicUrl],
      )
    ).rows[0];
    expect(left).toEqual({
      users: 0,
      sessions: 0,
      accounts: 0,
      profiles: 0,
      votes: 0,
      bookmarks: 0,
      notifications: 0,
      avatar_rows: 0,
    });
    expect(existsSync(avatarFile)).toBe(false);
    expect(await countersTrue()).toBe(true);
    const { rows: counts } = await sqlQuery<{ vote_count: number; bookmark_count: number }>(
      t,
      'SELECT vote_count, bookmark_count FROM posts WHERE id = ANY($1::uuid[])',
      [posts],
    );
    expect(counts.every((c) => c.vote_count === 1 && c.bookmark_count === 0)).toBe(true);

    const detail = await get(t, `/api/posts/${theirPost}`, stayer.cookie);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().author).toEqual({ id: null, username: 'unknown', avatarUrl: null });
    expect((await sqlQuery(t, 'SELECT user_id FROM replies WHERE id = $1', [replyId])).rows[0]).toEqual({
      user_id: null,
    });
    const log = await sqlQuery(
      t,
      "SELECT actor_id, action, target_id, target_label FROM moderation_log WHERE action = 'delete_account'",
    );
    expect(log.rows).toEqual([
      { actor_id: leaver.me.id, action: 'delete_account', target_id: leaver.me.id, target_label: 'leaving-member' },
    ]);

    for (const cookie of [leaver.cookie, otherCookie])
      expect((await get(t, '/api/settings', cookie)).statusCode).toBe(401);
    expect((await get(t, '/api/users/leaving-member')).statusCode).toBe(404);
    // The name is free again.
    expect((await signUpMember(t.app, { username: 'Leaving-Member' })).me.username).toBe('Leaving-Member');
  });

  it('refuses the last admin, and lets an admin go once another admin exists', async () => {
    const admin = await signUpMember(t.app);
    await makeStaff(t, admin.me.id, 'admin');
    const res = await remove(admin.cookie, { confirm: 'CONFIRM' });
    expect(errorOf(res)).toMatchObject({ status: 409, message: MSG.lastAdminDelete });
    expect((await get(t, '/api/settings', admin.cookie)).statusCode).toBe(200);

    const second = await signUpMember(t.app);
    await makeStaff(t, second.me.id, 'admin');
    const both = await Promise.all([
      remove(admin.cookie, { confirm: 'CONFIRM' }),
      remove(second.cookie, { confirm: 'CONFIRM' }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const { rows } = await sqlQuery(t, "SELECT user_id FROM user_roles WHERE role = 'admin'");
    expect(rows).toHaveLength(1);
  });
});
