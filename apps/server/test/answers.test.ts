import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import {
  MSG,
  POST_ACTION_INFO,
  type AcceptResult,
  type PostList,
  type ReplyPage,
  type SearchResults,
  type ToggleResult,
} from '@fenestra/shared';
import { createTestApp, insertMember, ORIGIN, type TestApp } from './helpers.js';
import { get, insertPost, makeStaff, post, sqlQuery } from './post-fixtures.js';

const TEXT = 'Check the spline size before you buy a new roller.';

describe('accepted answers and helpful marks', () => {
  let t: TestApp;
  type Member = Awaited<ReturnType<typeof insertMember>>;
  let asker: Member;
  let helper: Member;
  let other: Member;
  let staff: Member;

  beforeAll(async () => {
    t = await createTestApp();
    asker = await insertMember(t, { username: 'the-asker' });
    helper = await insertMember(t, { username: 'the-helper' });
    other = await insertMember(t, { username: 'someone-else' });
    staff = await insertMember(t, { username: 'a-moderator' });
    await makeStaff(t, staff.me.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  const del = (url: string, cookie?: string) =>
    t.app.inject({ method: 'DELETE', url, headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) } });
  const replyTo = async (postId: string, cookie: string) => {
    const res = await post(t, `/api/posts/${postId}/replies`, cookie, { content: TEXT });
    return res.json<{ id: string }>().id;
  };
  const statusOf = async (postId: string) =>
    (
      await sqlQuery<{ status: string; accepted_reply_id: string | null }>(
        t,
        'SELECT status, accepted_reply_id FROM posts WHERE id = $1',
        [postId],
      )
    ).rows[0]!;
  const typesFor = async (postId: string) =>
    (
      await sqlQuery<{ user_id: string; type: string }>(
        t,
        'SELECT user_id, type FROM notifications WHERE post_id = $1 ORDER BY type',
        [postId],
      )
    ).rows;

  it('lets the asker accept a reply: solved, shown first with its badge (before a pinned one), its author told', async () => {
    const postId = await insertPost(t, { userId: asker.me.id });
    const pinned = await replyTo(postId, other.cookie);
    const answer = await replyTo(postId, helper.cookie);
    await post(t, `/api/admin/replies/${pinned}/pin`, staff.cookie);
    await sqlQuery(t, 'INSERT INTO bookmarks (user_id, post_id) VALUES ($1, $2)', [other.me.id, postId]);

    const res = await post(t, `/api/posts/${postId}/accept`, asker.cookie, { replyId: answer });
    expect(res.statusCode).toBe(200);
    expect(res.json<AcceptResult>()).toEqual({
      postId,
      status: 'solved',
      acceptedReplyId: answer,
      message: MSG.answerAccepted,
    });
    expect(await statusOf(postId)).toEqual({ status: 'solved', accepted_reply_id: answer });
    const page = (await get(t, `/api/posts/${postId}/replies`)).json<ReplyPage>();
    expect(page.replies.map((r) => [r.id, r.isAccepted, r.isPinned])).toEqual([
      [answer, true, false],
      [pinned, false, true],
    ]);
    // As staff's Mark as Solved: bookmarkers told, replies disabled; and the reply's author gets reply_accepted.
    expect(await typesFor(postId)).toEqual(
      expect.arrayContaining([
        { user_id: other.me.id, type: 'bookmark_solved' },
        { user_id: helper.me.id, type: 'reply_accepted' },
      ]),
    );
    // The post names its accepted reply; its card in the list (and search) says who answered it.
    expect((await get(t, `/api/posts/${postId}`)).json()).toMatchObject({ status: 'solved', acceptedReplyId: answer });
    const card = (await get(t, '/api/posts?filter=solved')).json<PostList>().posts.find((p) => p.id === postId);
    expect(card?.answeredBy).toEqual({ id: helper.me.id, username: 'the-helper' });
    const found = (await get(t, '/api/search?q=seeded%20hinges&status=solved')).json<SearchResults>();
    expect(found.results.find((r) => r.post.id === postId)?.post.answeredBy).toEqual({
      id: helper.me.id,
      username: 'the-helper',
    });
    const closed = await post(t, `/api/posts/${postId}/replies`, helper.cookie, { content: TEXT });
    expect(closed.json().message).toBe(MSG.repliesDisabled);
    // The asker accepted it themselves: no log row (the log is for staff).
    expect((await sqlQuery(t, 'SELECT 1 FROM moderation_log WHERE target_id = $1', [postId])).rowCount).toBe(0);
  });

  it('undo by the asker reopens the question; a staff reopen clears the accepted reply too', async () => {
    const postId = await insertPost(t, { userId: asker.me.id });
    const answer = await replyTo(postId, helper.cookie);
    await post(t, `/api/posts/${postId}/accept`, asker.cookie, { replyId: answer });
    const undone = await del(`/api/posts/${postId}/accept`, asker.cookie);
    expect(undone.json<AcceptResult>()).toMatchObject({ status: 'open', acceptedReplyId: null });
    expect(await statusOf(postId)).toEqual({ status: 'open', accepted_reply_id: null });
    expect((await del(`/api/posts/${postId}/accept`, asker.cookie)).statusCode).toBe(409);

    await post(t, `/api/posts/${postId}/accept`, staff.cookie, { replyId: answer });
    expect((await post(t, `/api/admin/posts/${postId}/reopen`, staff.cookie)).json().message).toBe(
      POST_ACTION_INFO.reopen.success,
    );
    expect(await statusOf(postId)).toEqual({ status: 'open', accepted_reply_id: null });
    const log = await sqlQuery<{ action: string }>(
      t,
      'SELECT action FROM moderation_log WHERE target_id = $1 ORDER BY created_at',
      [postId],
    );
    expect(log.rows.map((r) => r.action)).toEqual(['solve', 'reopen']);
  });

  it('refuses others (403), visitors (401), a reply of another post (404), a question not open (409)', async () => {
    const postId = await insertPost(t, { userId: asker.me.id });
    const answer = await replyTo(postId, helper.cookie);
    expect((await post(t, `/api/posts/${postId}/accept`, other.cookie, { replyId: answer })).statusCode).toBe(403);
    expect((await post(t, `/api/posts/${postId}/accept`, helper.cookie, { replyId: answer })).statusCode).toBe(403);
    expect((await post(t, `/api/posts/${postId}/accept`, undefined, { replyId: answer })).statusCode).toBe(401);
    const elsewhere = await insertPost(t, { userId: asker.me.id });
    const wrong = await post(t, `/api/posts/${elsewhere}/accept`, asker.cookie, { replyId: answer });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().message).toBe(MSG.replyNotFound);
    const solved = await insertPost(t, { userId: asker.me.id, status: 'solved' });
    expect((await post(t, `/api/posts/${solved}/accept`, asker.cookie, { replyId: answer })).statusCode).toBe(409);
    const pending = await insertPost(t, { userId: asker.me.id, status: 'pending' });
    expect((await post(t, `/api/posts/${pending}/accept`, other.cookie, { replyId: answer })).statusCode).toBe(404);
  });

  it('accepts one reply at most when several accepts race', async () => {
    const postId = await insertPost(t, { userId: asker.me.id });
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await replyTo(postId, (i % 2 ? helper : other).cookie));
    const results = await Promise.all(
      answers.map((replyId, i) => post(t, `/api/posts/${postId}/accept`, (i % 2 ? staff : asker).cookie, { replyId })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const winner = results.find((r) => r.statusCode === 200)!.json<AcceptResult>().acceptedReplyId;
    expect(await statusOf(postId)).toEqual({ status: 'solved', accepted_reply_id: winner });
    const accepted = (await get(t, `/api/posts/${postId}/replies`))
      .json<ReplyPage>()
      .replies.filter((r) => r.isAccepted);
    expect(accepted.map((r) => r.id)).toEqual([winner]);
    // Deleting the accepted reply leaves the question solved without one; deleting the question takes all of it.
    expect((await del(`/api/admin/replies/${winner}`, staff.cookie)).statusCode).toBe(200);
    expect(await statusOf(postId)).toEqual({ status: 'solved', accepted_reply_id: null });
    await sqlQuery(t, 'UPDATE posts SET accepted_reply_id = $1 WHERE id = $2', [
      answers.find((a) => a !== winner),
      postId,
    ]);
    expect((await del(`/api/admin/posts/${postId}`, staff.cookie)).statusCode).toBe(200);
  });

  it("toggles 'Helpful' (not on one's own reply) and keeps the count exact under 50 concurrent toggles", async () => {
    const postId = await insertPost(t, { userId: asker.me.id });
    const writer = await insertMember(t);
    const replyId = await replyTo(postId, writer.cookie);
    const own = await post(t, `/api/replies/${replyId}/helpful`, writer.cookie);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(MSG.cannotMarkOwnReply);
    expect((await post(t, `/api/replies/${replyId}/helpful`)).statusCode).toBe(401);
    expect((await post(t, `/api/replies/${replyId}/helpful`, other.cookie)).json<ToggleResult>()).toEqual({
      active: true,
      count: 1,
    });
    expect((await get(t, `/api/posts/${postId}/helpful-marks`, other.cookie)).json()).toEqual({ replyIds: [replyId] });
    expect((await post(t, `/api/replies/${replyId}/helpful`, other.cookie)).json<ToggleResult>()).toEqual({
      active: false,
      count: 0,
    });

    // 25 members mark it, and 25 mark then unmark at once: 25 marks remain, counted exactly.
    const markers = await Promise.all(Array.from({ length: 25 }, () => insertMember(t)));
    const flippers = await Promise.all(Array.from({ length: 25 }, () => insertMember(t)));
    await Promise.all(flippers.map((m) => post(t, `/api/replies/${replyId}/helpful`, m.cookie)));
    const toggles = await Promise.all([
      ...markers.map((m) => post(t, `/api/replies/${replyId}/helpful`, m.cookie)),
      ...flippers.map((m) => post(t, `/api/replies/${replyId}/helpful`, m.cookie)),
    ]);
    expect(toggles.every((r) => r.statusCode === 200)).toBe(true);
    const { rows } = await sqlQuery<{ stored: number; marks: number }>(
      t,
      'SELECT helpful_count AS stored, (SELECT count(*)::int FROM reply_helpful WHERE reply_id = $1) AS marks FROM replies WHERE id = $1',
      [replyId],
    );
    expect(rows[0]).toEqual({ stored: 25, marks: 25 });
    const page = (await get(t, `/api/posts/${postId}/replies`)).json<ReplyPage>();
    expect(page.replies[0]!.helpfulCount).toBe(25);

    // The profile counts the marks its replies received, and its accepted answers as Solutions.
    await post(t, `/api/posts/${postId}/accept`, asker.cookie, { replyId });
    expect((await get(t, `/api/users/${writer.me.username}`)).json()).toMatchObject({
      helpfulCount: 25,
      solutionCount: 1,
    });
  });
});
