import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { MSG } from '@fenestra/shared';
import { createTestApp, signUpMember, type TestApp } from './helpers.js';
import { ask, askBody, get, insertPost, makeStaff, post, sqlQuery } from './post-fixtures.js';

type Member = Awaited<ReturnType<typeof signUpMember>>;

describe('the review queue', () => {
  let t: TestApp;
  let author: Member;
  let member: Member;
  let moderator: Member;
  let admin: Member;
  beforeAll(async () => {
    t = await createTestApp();
    [author, member, moderator, admin] = [
      await signUpMember(t.app),
      await signUpMember(t.app),
      await signUpMember(t.app),
      await signUpMember(t.app),
    ];
    await makeStaff(t, moderator.me.id, 'moderator');
    await makeStaff(t, admin.me.id, 'admin');
  });
  afterAll(async () => {
    await t.close();
  });

  const newPending = async (who: Member = author, title = 'Sliding door roller is grinding') =>
    (await ask(t, who.cookie, askBody({ title }))).json().id as string;
  const notificationsOf = async (userId: string, postId: string) =>
    (
      await sqlQuery<{ type: string; message: string }>(
        t,
        'SELECT type, message FROM notifications WHERE user_id = $1 AND post_id = $2',
        [userId, postId],
      )
    ).rows;
  const logOf = async (targetId: string) =>
    (
      await sqlQuery(
        t,
        'SELECT actor_id, actor_username, action, target_type, target_id, target_label, reason FROM moderation_log WHERE target_id = $1 ORDER BY created_at',
        [targetId],
      )
    ).rows;
  const profileOf = async (userId: string) =>
    (
      await sqlQuery<{ status: string; ban_reason: string | null; ban_until: Date | null; post_count: number }>(
        t,
        'SELECT status, ban_reason, ban_until, post_count FROM profiles WHERE id = $1',
        [userId],
      )
    ).rows[0]!;

  it('is closed to visitors (401) and members (403)', async () => {
    const id = await newPending();
    const calls = [
      (cookie?: string) => get(t, '/api/admin/stats', cookie),
      (cookie?: string) => get(t, '/api/admin/pending', cookie),
      (cookie?: string) => post(t, `/api/admin/posts/${id}/approve`, cookie),
      (cookie?: string) => post(t, `/api/admin/posts/${id}/deny`, cookie, { reason: 'Not hardware' }),
    ];
    for (const call of calls) {
      expect((await call()).statusCode).toBe(401);
      expect((await call(member.cookie)).statusCode).toBe(403);
      expect((await call(author.cookie)).statusCode).toBe(403);
    }
    expect((await sqlQuery(t, 'SELECT status FROM posts WHERE id = $1', [id])).rows[0]!.status).toBe('pending');
  });

  it('lists pending posts oldest first', async () => {
    const older = await newPending(author, 'An older pending question');
    await sqlQuery(t, "UPDATE posts SET created_at = now() - interval '10 days' WHERE id = $1", [older]);
    await insertPost(t, { status: 'open' });
    const res = await get(t, '/api/admin/pending', moderator.cookie);
    expect(res.statusCode).toBe(200);
    const { posts } = res.json();
    expect(posts[0]).toMatchObject({ id: older, status: 'pending', author: { username: author.me.username } });
    expect(posts.every((p: { status: string }) => p.status === 'pending')).toBe(true);
    expect(res.body).not.toContain(author.email);
  });

  it('approval by a moderator opens the post, counts it for the author, tells them, and logs it', async () => {
    const id = await newPending(author, 'Casement crank stripped at the spline');
    const before = (await profileOf(author.me.id)).post_count;
    const res = await post(t, `/api/admin/posts/${id}/approve`, moderator.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id, status: 'open', authorBanned: false, message: MSG.postApproved });
    expect((await get(t, `/api/posts/${id}`)).json().status).toBe('open');
    expect((await profileOf(author.me.id)).post_count).toBe(before + 1);
    expect(await notificationsOf(author.me.id, id)).toEqual([
      { type: 'post_approved', message: 'Your post "Casement crank stripped at the spline" was approved.' },
    ]);
    expect(await logOf(id)).toEqual([
      {
        actor_id: moderator.me.id,
        actor_username: moderator.me.username,
        action: 'approve',
        target_type: 'post',
        target_id: id,
        target_label: 'Casement crank stripped at the spline',
        reason: null,
      },
    ]);

    const again = await post(t, `/api/admin/posts/${id}/approve`, moderator.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Only pending posts can be approved; this one is open.');
    expect((await profileOf(author.me.id)).post_count).toBe(before + 1);
    expect(
      (await post(t, '/api/admin/posts/00000000-0000-4000-8000-000000000000/approve', moderator.cookie)).statusCode,
    ).toBe(404);
    expect((await post(t, '/api/admin/posts/nope/approve', moderator.cookie)).statusCode).toBe(404);
  });

  it('a fresh author has a post count of 1 after their first approval', async () => {
    const newcomer = await signUpMember(t.app);
    const id = await newPending(newcomer);
    expect((await profileOf(newcomer.me.id)).post_count).toBe(0);
    await post(t, `/api/admin/posts/${id}/approve`, admin.cookie);
    expect((await profileOf(newcomer.me.id)).post_count).toBe(1);
  });

  it.each([
    ['no reason', {}, MSG.reasonRequired],
    ['an empty reason', { reason: '' }, MSG.reasonRequired],
    ['a blank reason', { reason: '    ' }, MSG.reasonRequired],
    ['a reason of 501 characters', { reason: 'r'.repeat(501) }, MSG.reasonTooLong],
  ])('denial refuses %s', async (_case, body, message) => {
    const id = await newPending();
    const res = await post(t, `/api/admin/posts/${id}/deny`, moderator.cookie, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, field: 'reason' });
    expect((await sqlQuery(t, 'SELECT status FROM posts WHERE id = $1', [id])).rows[0]!.status).toBe('pending');
  });

  it('denial stores the reason, shows it to the author, tells them, and logs it', async () => {
    const id = await newPending(author, 'Photo of my cat on a window sill');
    const reason = 'r'.repeat(480) + ' not hardware';
    const res = await post(t, `/api/admin/posts/${id}/deny`, moderator.cookie, { reason });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id, status: 'denied', authorBanned: false, message: MSG.postDenied });
    expect((await get(t, `/api/posts/${id}`, author.cookie)).json()).toMatchObject({
      status: 'denied',
      denialReason: reason,
    });
    expect((await get(t, `/api/posts/${id}`, member.cookie)).statusCode).toBe(404);
    expect(await notificationsOf(author.me.id, id)).toEqual([
      { type: 'post_denied', message: `Your post "Photo of my cat on a window sill" was denied: ${reason}` },
    ]);
    expect(await logOf(id)).toMatchObject([{ actor_id: moderator.me.id, action: 'deny', target_type: 'post', reason }]);
    expect((await profileOf(author.me.id)).status).toBe('active');
    expect((await post(t, `/api/admin/posts/${id}/deny`, moderator.cookie, { reason: 'again' })).statusCode).toBe(409);
  });

  it('denial with banAuthor bans the author for good and signs them out', async () => {
    const spammer = await signUpMember(t.app);
    const id = await newPending(spammer, 'Cheap watches for sale here');
    expect((await get(t, '/api/me', spammer.cookie)).json().me).not.toBeNull();
    const res = await post(t, `/api/admin/posts/${id}/deny`, moderator.cookie, { reason: 'Spam', banAuthor: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'denied', authorBanned: true });
    expect(await profileOf(spammer.me.id)).toMatchObject({
      status: 'banned',
      ban_reason: MSG.bannedForDeniedPost('Spam'),
      ban_until: null,
    });
    expect((await get(t, '/api/me', spammer.cookie)).json().me).toBeNull();
    expect(
      (await sqlQuery(t, 'SELECT count(*)::int AS n FROM sessions WHERE user_id = $1', [spammer.me.id])).rows[0]!.n,
    ).toBe(0);
    expect(await logOf(spammer.me.id)).toEqual([
      {
        actor_id: moderator.me.id,
        actor_username: moderator.me.username,
        action: 'ban',
        target_type: 'user',
        target_id: spammer.me.id,
        target_label: spammer.me.username,
        reason: 'Banned due to denied post: Spam',
      },
    ]);
  });

  it('a moderator cannot ban an admin, and nobody bans themselves: nothing changes', async () => {
    const adminsPost = await newPending(admin, 'Admin asks about a door closer');
    const denyAdmin = await post(t, `/api/admin/posts/${adminsPost}/deny`, moderator.cookie, {
      reason: 'Test',
      banAuthor: true,
    });
    expect(denyAdmin.statusCode).toBe(403);
    expect(denyAdmin.json().message).toBe('A moderator cannot ban an admin.');
    expect((await sqlQuery(t, 'SELECT status FROM posts WHERE id = $1', [adminsPost])).rows[0]!.status).toBe('pending');
    expect((await profileOf(admin.me.id)).status).toBe('active');
    expect(await logOf(adminsPost)).toEqual([]);

    const ownPost = await newPending(moderator, 'Moderator asks about a hinge');
    const self = await post(t, `/api/admin/posts/${ownPost}/deny`, moderator.cookie, {
      reason: 'Test',
      banAuthor: true,
    });
    expect(self.statusCode).toBe(403);
    expect((await profileOf(moderator.me.id)).status).toBe('active');

    // Without the ban, a moderator may deny an admin's post.
    expect(
      (await post(t, `/api/admin/posts/${adminsPost}/deny`, moderator.cookie, { reason: 'Duplicate' })).statusCode,
    ).toBe(200);
  });
});

describe('dashboard figures', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('counts users, active and pending posts, and averages positive reply gaps over the latest 100 replies', async () => {
    const moderator = await signUpMember(t.app);
    const author = await signUpMember(t.app);
    await makeStaff(t, moderator.me.id);
    const stats = async () => (await get(t, '/api/admin/stats', moderator.cookie)).json();
    expect(await stats()).toEqual({
      totalUsers: 2,
      activePosts: 0,
      pendingReview: 0,
      avgReplyHours: 0,
      failedEmails: 0,
      failedDetections: 0,
      openFlags: 0,
    });

    const postAt = new Date(Date.now() - 48 * 3_600_000);
    const open = await insertPost(t, { status: 'open', userId: author.me.id, createdAt: postAt });
    await insertPost(t, { status: 'solved' });
    await insertPost(t, { status: 'pending' });
    await insertPost(t, { status: 'pending' });
    await insertPost(t, { status: 'denied' });
    const reply = (hoursAfter: number) =>
      sqlQuery(t, 'INSERT INTO replies (post_id, user_id, content, created_at) VALUES ($1, $2, $3, $4)', [
        open,
        author.me.id,
        'A reply long enough to count',
        new Date(postAt.getTime() + hoursAfter * 3_600_000),
      ]);
    await reply(2);
    await reply(3);
    await reply(-1);
    expect(await stats()).toEqual({
      totalUsers: 2,
      activePosts: 2,
      pendingReview: 2,
      avgReplyHours: 2.5,
      failedEmails: 0,
      failedDetections: 0,
      openFlags: 0,
    });

    // Only the latest 100 replies count: 100 newer replies a tenth of an hour after their post push the others out.
    const quick = await insertPost(t, { status: 'open', createdAt: new Date(Date.now() - 3_600_000) });
    await sqlQuery(
      t,
      `INSERT INTO replies (post_id, content, created_at)
      SELECT $1, 'A quick reply to count', now() - interval '54 minutes' + g * interval '1 millisecond' FROM generate_series(1, 100) g`,
      [quick],
    );
    expect((await stats()).avgReplyHours).toBe(0.1);
  });
});
