import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import {
  MSG,
  NOTIFICATION_TEXT,
  type AdminStats,
  type FlagQueue,
  type HeldReplies,
  type PostDetail,
  type ReplyPage,
} from '@fenestra/shared';
import { createTestApp, insertMember, type TestApp } from './helpers.js';
import { get, insertPost, makeStaff, post, sqlQuery } from './post-fixtures.js';

type Member = Awaited<ReturnType<typeof insertMember>>;
const TITLE = 'A seeded question about hinges';

describe('flags: members report, the community hides, staff decide', () => {
  let t: TestApp;
  let author: Member;
  let staff: Member;
  const flaggers: Member[] = [];
  let trusted: Member;

  beforeAll(async () => {
    t = await createTestApp();
    author = await insertMember(t, { username: 'flag-author' });
    staff = await insertMember(t, { username: 'flag-staff' });
    await makeStaff(t, staff.me.id);
    for (let i = 0; i < 4; i++) flaggers.push(await insertMember(t, { username: `flagger-${i}` }));
    trusted = await insertMember(t, { username: 'flag-trusted', trustLevel: 2 });
  });
  afterAll(async () => {
    await t?.close();
  });

  const replyOn = async (postId: string, by = author) => {
    const { rows } = await sqlQuery<{ id: string }>(
      t,
      "INSERT INTO replies (post_id, user_id, content) VALUES ($1, $2, 'Buy my miracle hinges at my shop today') RETURNING id",
      [postId, by.me.id],
    );
    await sqlQuery(t, 'UPDATE posts SET reply_count = reply_count + 1 WHERE id = $1', [postId]);
    return rows[0]!.id;
  };
  const flag = (kind: 'posts' | 'replies', id: string, by: Member, body: object = { reason: 'spam' }) =>
    post(t, `/api/${kind}/${id}/flag`, by.cookie, body);
  const queue = async () => (await get(t, '/api/admin/flags', staff.cookie)).json<FlagQueue>();
  const repliesOf = async (postId: string, cookie?: string) =>
    (await get(t, `/api/posts/${postId}/replies`, cookie)).json<ReplyPage>().replies.map((r) => r.id);
  const replyCount = async (postId: string) =>
    (await sqlQuery<{ n: number }>(t, 'SELECT reply_count AS n FROM posts WHERE id = $1', [postId])).rows[0]!.n;
  const notificationsOf = async (userId: string, type: string) =>
    (
      await sqlQuery<{ message: string }>(t, 'SELECT message FROM notifications WHERE user_id = $1 AND type = $2', [
        userId,
        type,
      ])
    ).rows.map((r) => r.message);

  it('takes a flag once per member, never on their own, and checks the reason and note', async () => {
    const postId = await insertPost(t, { userId: author.me.id });
    const replyId = await replyOn(postId);
    const first = await flag('replies', replyId, flaggers[0]!);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ hidden: false, message: MSG.flagThanks });
    const again = await flag('replies', replyId, flaggers[0]!, { reason: 'rude' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MSG.flaggedBefore);
    const own = await flag('replies', replyId, author);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(MSG.flagOwn);
    const ownPost = await flag('posts', postId, author);
    expect(ownPost.statusCode).toBe(403);

    const noNote = await flag('posts', postId, flaggers[1]!, { reason: 'other' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json()).toMatchObject({ message: MSG.flagNoteLength, field: 'note' });
    const shortNote = await flag('posts', postId, flaggers[1]!, { reason: 'other', note: 'too short' });
    expect(shortNote.json().message).toBe(MSG.flagNoteLength);
    const longNote = await flag('posts', postId, flaggers[1]!, { reason: 'spam', note: 'x'.repeat(501) });
    expect(longNote.json().message).toBe(MSG.flagNoteLength);
    const badReason = await flag('posts', postId, flaggers[1]!, { reason: 'boring' });
    expect(badReason.json().message).toBe(MSG.chooseFlagReason);
    const noted = await flag('posts', postId, flaggers[1]!, {
      reason: 'other',
      note: 'This repeats an older question word for word',
    });
    expect(noted.statusCode).toBe(201);

    // Pending posts and missing ones are not there to flag; a visitor must sign in.
    const pending = await insertPost(t, { status: 'pending', userId: author.me.id });
    expect((await flag('posts', pending, flaggers[0]!)).statusCode).toBe(404);
    expect((await flag('replies', crypto.randomUUID(), flaggers[0]!)).statusCode).toBe(404);
    expect((await post(t, `/api/posts/${postId}/flag`, undefined, { reason: 'spam' })).statusCode).toBe(401);
  });

  it('keeps a flag private: only staff see the queue; members and visitors are refused', async () => {
    expect((await get(t, '/api/admin/flags', flaggers[0]!.cookie)).statusCode).toBe(403);
    expect((await get(t, '/api/admin/flags')).statusCode).toBe(401);
    const { items } = await queue();
    const item = items.find((i) => i.flags.some((f) => f.note === 'This repeats an older question word for word'))!;
    expect(item).toMatchObject({
      targetType: 'post',
      postTitle: TITLE,
      author: { username: 'flag-author' },
      hidden: false,
    });
    expect(item.flags[0]).toMatchObject({ reason: 'other', flagger: { username: 'flagger-1', trustLevel: 1 } });
    // Nothing about flags reaches the public reads.
    const page = await get(t, `/api/posts/${item.postId}`);
    expect(page.body).not.toContain('flagger-');
  });

  it('hides a reply at 3 flags from members, and the author alone sees it with the notice', async () => {
    const postId = await insertPost(t, { userId: staff.me.id });
    const replyId = await replyOn(postId);
    expect((await flag('replies', replyId, flaggers[0]!)).json().hidden).toBe(false);
    expect((await flag('replies', replyId, flaggers[1]!)).json().hidden).toBe(false);
    expect(await repliesOf(postId)).toContain(replyId);
    expect((await flag('replies', replyId, flaggers[2]!)).json()).toEqual({ hidden: true, message: MSG.flagThanks });

    expect(await repliesOf(postId)).not.toContain(replyId);
    expect(await repliesOf(postId, flaggers[3]!.cookie)).not.toContain(replyId);
    expect(await replyCount(postId)).toBe(0);
    const own = (await get(t, `/api/posts/${postId}/held-replies`, author.cookie)).json<HeldReplies>();
    expect(own.replies.map((r) => [r.id, r.held])).toEqual([[replyId, 'hidden']]);
    const others = (await get(t, `/api/posts/${postId}/held-replies`, flaggers[3]!.cookie)).json<HeldReplies>();
    expect(others.replies).toEqual([]);
    expect((await get(t, `/api/posts/${postId}/held-replies`)).statusCode).toBe(401);
    expect(await notificationsOf(author.me.id, 'content_hidden')).toContain(
      NOTIFICATION_TEXT.content_hidden('reply', TITLE),
    );
    // A hidden reply is not there to flag again.
    expect((await flag('replies', replyId, flaggers[3]!)).statusCode).toBe(404);

    // Its author edits it: back in review, and staff see it in the pending list with the question it answers.
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/replies/${replyId}`,
      headers: { origin: 'http://localhost:3000', cookie: author.cookie },
      payload: {
        content: 'I fixed mine with a new hinge pin, no shop link',
        keepImageIds: [],
        imageUploadIds: [],
        version: 1,
      },
    });
    expect(edit.statusCode).toBe(200);
    const pending = (await get(t, '/api/admin/pending-replies', staff.cookie)).json<HeldReplies>();
    expect(pending.replies.find((r) => r.id === replyId)).toMatchObject({ held: 'pending', postTitle: TITLE });
  });

  it('hides at once on one flag from a trusted member; a question goes back to review, seen by its author only', async () => {
    const postId = await insertPost(t, { userId: author.me.id });
    await sqlQuery(t, 'UPDATE profiles SET post_count = 1 WHERE id = $1', [author.me.id]);
    expect((await flag('posts', postId, trusted)).json().hidden).toBe(true);
    expect((await get(t, `/api/posts/${postId}`)).statusCode).toBe(404);
    expect((await get(t, `/api/posts/${postId}`, flaggers[0]!.cookie)).statusCode).toBe(404);
    const mine = await get(t, `/api/posts/${postId}`, author.cookie);
    expect(mine.json<PostDetail>()).toMatchObject({ status: 'pending', hiddenByFlags: true });
    const { rows } = await sqlQuery<{ post_count: number }>(t, 'SELECT post_count FROM profiles WHERE id = $1', [
      author.me.id,
    ]);
    expect(rows[0]!.post_count).toBe(0);

    // Dismissed: public again, counted again, and the flagger told in one notification.
    const dismissed = await post(t, `/api/admin/flags/post/${postId}/dismiss`, staff.cookie, {});
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json()).toMatchObject({ decision: 'dismiss', message: MSG.flagDecided.dismiss });
    expect((await get(t, `/api/posts/${postId}`)).json<PostDetail>()).toMatchObject({
      status: 'open',
      hiddenByFlags: false,
    });
    expect(await notificationsOf(trusted.me.id, 'flag_resolved')).toEqual([
      NOTIFICATION_TEXT.flag_resolved('dismissed', TITLE),
    ]);
    // Nothing is open on it any more.
    expect((await post(t, `/api/admin/flags/post/${postId}/hide`, staff.cookie, {})).statusCode).toBe(404);
  });

  it('lets staff hide, delete, and delete and ban, each logged and told to every flagger', async () => {
    const stats = async () => (await get(t, '/api/admin/stats', staff.cookie)).json<AdminStats>().openFlags;
    const postId = await insertPost(t, { userId: staff.me.id, title: 'Which hinge fits an old casement' });
    const hideMe = await replyOn(postId);
    const deleteMe = await replyOn(postId);
    const spammer = await insertMember(t, { username: 'flag-spammer' });
    const banMe = await replyOn(postId, spammer);
    const before = await stats();
    for (const id of [hideMe, deleteMe, banMe]) {
      await flag('replies', id, flaggers[0]!);
      await flag('replies', id, flaggers[1]!, { reason: 'dangerous' });
    }
    expect(await stats()).toBe(before + 6);
    expect(await replyCount(postId)).toBe(3);

    const hide = await post(t, `/api/admin/flags/reply/${hideMe}/hide`, staff.cookie, {});
    expect(hide.json()).toMatchObject({ decision: 'hide', authorBanned: false });
    expect(await repliesOf(postId)).not.toContain(hideMe);
    expect(await replyCount(postId)).toBe(2);

    expect((await post(t, `/api/admin/flags/reply/${deleteMe}/delete`, staff.cookie, {})).statusCode).toBe(200);
    expect((await sqlQuery(t, 'SELECT 1 FROM replies WHERE id = $1', [deleteMe])).rowCount).toBe(0);
    expect(await replyCount(postId)).toBe(1);

    const ban = await post(t, `/api/admin/flags/reply/${banMe}/delete-and-ban`, staff.cookie, {
      reason: 'Selling hinges in every thread',
      duration: '30',
    });
    expect(ban.json()).toMatchObject({ decision: 'delete-and-ban', authorBanned: true });
    const banned = await sqlQuery<{ status: string; ban_reason: string; ban_until: Date | null }>(
      t,
      'SELECT status, ban_reason, ban_until FROM profiles WHERE id = $1',
      [spammer.me.id],
    );
    expect(banned.rows[0]).toMatchObject({ status: 'banned', ban_reason: 'Selling hinges in every thread' });
    expect(banned.rows[0]!.ban_until).not.toBeNull();
    expect(await replyCount(postId)).toBe(0);
    expect(await stats()).toBe(before);

    const log = await sqlQuery<{ action: string; target_id: string }>(
      t,
      "SELECT action, target_id FROM moderation_log WHERE action LIKE 'flag_%' AND target_id = ANY($1)",
      [[hideMe, deleteMe, banMe]],
    );
    expect(log.rows.map((r) => r.action).sort()).toEqual(['flag_delete', 'flag_delete', 'flag_hide']);
    const told = await notificationsOf(flaggers[1]!.me.id, 'flag_resolved');
    expect(told).toEqual(
      expect.arrayContaining([
        NOTIFICATION_TEXT.flag_resolved('hidden', 'Which hinge fits an old casement'),
        NOTIFICATION_TEXT.flag_resolved('deleted', 'Which hinge fits an old casement'),
      ]),
    );
    // Upheld flags count against the author's trust for 30 days.
    const upheld = await sqlQuery(t, "SELECT 1 FROM flags WHERE target_author_id = $1 AND status = 'upheld'", [
      spammer.me.id,
    ]);
    expect(upheld.rowCount).toBe(2);
    // Members cannot decide flags.
    expect((await post(t, `/api/admin/flags/reply/${hideMe}/dismiss`, flaggers[0]!.cookie, {})).statusCode).toBe(403);
  });

  it("finds a question by a reply's words only while that reply is published", async () => {
    const postId = await insertPost(t, { userId: staff.me.id, title: 'Sash cord snapped on a box sash' });
    const { rows } = await sqlQuery<{ id: string }>(
      t,
      "INSERT INTO replies (post_id, user_id, content) VALUES ($1, $2, 'Quillborough cord from the shop') RETURNING id",
      [postId, author.me.id],
    );
    const replyId = rows[0]!.id;
    const found = async (word: string, cookie?: string) =>
      (await get(t, `/api/search?q=${word}`, cookie))
        .json<{ results: { post: { id: string } }[] }>()
        .results.map((r) => r.post.id)
        .includes(postId);
    expect(await found('quillborough')).toBe(true);
    // It is the accepted answer: the question's card names its writer while it is published, and not once hidden.
    await sqlQuery(t, "UPDATE posts SET status = 'solved', accepted_reply_id = $2 WHERE id = $1", [postId, replyId]);
    t.app.services.publicCache.clear();
    const answeredBy = async () => (await get(t, `/api/posts/${postId}`)).json<PostDetail>().answeredBy;
    expect(await answeredBy()).toEqual({ id: author.me.id, username: 'flag-author' });
    // Hidden by flags: its words find nothing for anyone who cannot see it (visitors, members, its flaggers).
    expect((await flag('replies', replyId, trusted)).json().hidden).toBe(true);
    expect(await found('quillborough')).toBe(false);
    expect(await found('quillborough', flaggers[0]!.cookie)).toBe(false);
    // The question's own words still find it.
    expect(await found('sash')).toBe(true);
    expect(await answeredBy()).toBeNull();
    // Staff dismiss the flags: published again, findable again.
    expect((await post(t, `/api/admin/flags/reply/${replyId}/dismiss`, staff.cookie, {})).statusCode).toBe(200);
    expect(await found('quillborough')).toBe(true);
    // A reply waiting for review (a new member's first) makes nothing findable until it is approved.
    const waiting = await sqlQuery<{ id: string }>(
      t,
      "INSERT INTO replies (post_id, user_id, content, status) VALUES ($1, $2, 'Try a Marrowbeck pulley', 'pending') RETURNING id",
      [postId, flaggers[3]!.me.id],
    );
    expect(await found('marrowbeck')).toBe(false);
    expect((await post(t, `/api/admin/replies/${waiting.rows[0]!.id}/approve`, staff.cookie, {})).statusCode).toBe(200);
    expect(await found('marrowbeck')).toBe(true);
  });
});
