import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { MSG, type EditResult, type PostFields, type ReplyFields, type RevisionList } from '@fenestra/shared';
import { createTestApp, insertMember, ORIGIN, type TestApp } from './helpers.js';
import { DESCRIPTION, askBody, get, insertPost, insertUpload, makeStaff, post, sqlQuery } from './post-fixtures.js';

const REPLY = 'Check the spline size before you buy a new roller.';
const MINUTE = 60_000;

describe('editing questions and replies, with history', () => {
  let t: TestApp;
  // The app's clock: tests move it instead of waiting.
  let clock = Date.now();
  type Member = Awaited<ReturnType<typeof insertMember>>;
  let author: Member;
  let other: Member;
  let staff: Member;

  beforeAll(async () => {
    t = await createTestApp({}, { now: () => new Date(clock) });
    author = await insertMember(t, { username: 'edit-author' });
    other = await insertMember(t, { username: 'edit-other' });
    staff = await insertMember(t, { username: 'edit-staff' });
    await makeStaff(t, staff.me.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  const patch = (url: string, cookie: string | undefined, payload: object) =>
    t.app.inject({ method: 'PATCH', url, headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) }, payload });
  const one = async <T extends Record<string, unknown>>(text: string, values: unknown[] = []) =>
    (await sqlQuery<T>(t, text, values)).rows[0]!;
  const versionOf = async (postId: string) =>
    (await one<{ version: number }>('SELECT version FROM posts WHERE id = $1', [postId])).version;
  /** A post written long ago (outside the fold window of its creation), by `author` unless said. */
  const oldPost = (over: Parameters<typeof insertPost>[1] = {}) =>
    insertPost(t, { userId: author.me.id, createdAt: new Date(clock - 60 * MINUTE), ...over });
  const editBody = (version: number, over: Record<string, unknown> = {}) => askBody({ version, ...over });
  const revisionsOf = async (url: string, cookie?: string) => (await get(t, url, cookie)).json<RevisionList>();

  it('lets the author edit their question in every status, keeps a revision and shows it edited', async () => {
    for (const status of ['pending', 'open', 'solved'] as const) {
      const id = await oldPost({ status });
      const res = await patch(`/api/posts/${id}`, author.cookie, editBody(1, { title: 'Fixed title for my sash' }));
      expect(res.statusCode).toBe(200);
      expect(res.json<EditResult>()).toMatchObject({ id, status, version: 2, message: MSG.questionUpdated });
      expect(res.json<EditResult>().editedAt).toBe(new Date(clock).toISOString());
      const { revisions } = await revisionsOf(`/api/posts/${id}/revisions`, author.cookie);
      expect(revisions).toHaveLength(1);
      expect(revisions[0]).toMatchObject({
        kind: 'edit',
        editor: { username: 'edit-author' },
        before: { title: 'A seeded question about hinges' },
        after: { title: 'Fixed title for my sash' },
      });
    }
  });

  it("refuses another member (403), a visitor (401), a banned author (403) and another's hidden post (404)", async () => {
    const id = await oldPost();
    expect((await patch(`/api/posts/${id}`, other.cookie, editBody(1))).statusCode).toBe(403);
    expect((await patch(`/api/posts/${id}`, undefined, editBody(1))).statusCode).toBe(401);
    const hidden = await oldPost({ status: 'pending' });
    const res = await patch(`/api/posts/${hidden}`, other.cookie, editBody(1));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MSG.postNotFound);
    const banned = await insertMember(t);
    const theirs = await oldPost({ userId: banned.me.id });
    await sqlQuery(t, "UPDATE profiles SET status = 'banned', ban_reason = 'spam' WHERE id = $1", [banned.me.id]);
    expect((await patch(`/api/posts/${theirs}`, banned.cookie, editBody(1))).statusCode).toBe(403);
    expect(await versionOf(theirs)).toBe(1);
  });

  it('applies every rule and message of the ask form', async () => {
    const id = await oldPost();
    for (const [over, message] of [
      [{ title: 'short' }, MSG.titleMin],
      [{ description: 'too short' }, MSG.descriptionMin],
      [{ tags: ['a'] }, MSG.tagMin],
      [{ tags: ['one', 'two', 'three', 'four', 'five', 'six'] }, MSG.tagsMax],
      [{ topic: 'roofs' }, MSG.topicRequired],
    ] as const) {
      const res = await patch(`/api/posts/${id}`, author.cookie, editBody(1, over));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await versionOf(id)).toBe(1);
  });

  it('folds an edit within 5 minutes of the previous version by the same person into it', async () => {
    // Within 5 minutes of asking: a typo fixed at once leaves no revision and does not read 'edited'.
    const fresh = await insertPost(t, { userId: author.me.id, createdAt: new Date(clock - MINUTE) });
    const quick = await patch(`/api/posts/${fresh}`, author.cookie, editBody(1, { title: 'Typo fixed at once here' }));
    expect(quick.json<EditResult>()).toMatchObject({ version: 2, editedAt: null });
    expect((await revisionsOf(`/api/posts/${fresh}/revisions`)).revisions).toEqual([]);

    const id = await oldPost();
    await patch(`/api/posts/${id}`, author.cookie, editBody(1, { title: 'First edit of the title' }));
    clock += 4 * MINUTE;
    await patch(`/api/posts/${id}`, author.cookie, editBody(2, { title: 'Second edit, folded in' }));
    let { revisions } = await revisionsOf(`/api/posts/${id}/revisions`);
    expect(revisions).toHaveLength(1);
    expect(revisions[0]!.before).toMatchObject({ title: 'A seeded question about hinges' });
    expect(revisions[0]!.after).toMatchObject({ title: 'Second edit, folded in' });
    // Someone else within 5 minutes is a revision of their own; so is the same person 6 minutes on.
    clock += MINUTE;
    await patch(`/api/posts/${id}`, staff.cookie, editBody(3, { title: 'Staff tidied the title' }));
    clock += 6 * MINUTE;
    await patch(`/api/posts/${id}`, staff.cookie, editBody(4, { title: 'Staff again, later on' }));
    ({ revisions } = await revisionsOf(`/api/posts/${id}/revisions`));
    expect(revisions.map((r) => (r.after as PostFields).title)).toEqual([
      'Staff again, later on',
      'Staff tidied the title',
      'Second edit, folded in',
    ]);
  });

  it("refuses a save based on an older version with 409 'This was changed while you were editing'", async () => {
    const id = await oldPost();
    expect(
      (await patch(`/api/posts/${id}`, author.cookie, editBody(1, { title: 'Saved in one tab first' }))).statusCode,
    ).toBe(200);
    const stale = await patch(`/api/posts/${id}`, author.cookie, editBody(1, { title: 'Saved in another tab' }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: 'EDIT_CONFLICT', message: MSG.editConflict });
    expect((await one<{ title: string }>('SELECT title FROM posts WHERE id = $1', [id])).title).toBe(
      'Saved in one tab first',
    );
  });

  it('resubmits a denied question: back to pending, the denial reason kept in its history, staff told', async () => {
    const id = await oldPost({ status: 'denied', denialReason: 'Add a photo of the label' });
    const res = await patch(`/api/posts/${id}`, author.cookie, editBody(1, { title: 'Now with the label photo' }));
    expect(res.json<EditResult>()).toMatchObject({ status: 'pending', message: MSG.questionResubmitted });
    expect(await one('SELECT status, denial_reason FROM posts WHERE id = $1', [id])).toEqual({
      status: 'pending',
      denial_reason: null,
    });
    const { revisions } = await revisionsOf(`/api/posts/${id}/revisions`, author.cookie);
    expect(revisions[0]).toMatchObject({ kind: 'resubmit', before: { denialReason: 'Add a photo of the label' } });
    const told = await sqlQuery(
      t,
      "SELECT user_id FROM notifications WHERE post_id = $1 AND type = 'post_pending_review'",
      [id],
    );
    expect(told.rows).toEqual([{ user_id: staff.me.id }]);
  });

  it('lets staff edit any question with a log row, and restore a revision as a new one', async () => {
    const id = await oldPost();
    await patch(`/api/posts/${id}`, author.cookie, editBody(1, { description: `${DESCRIPTION} Vandalised text.` }));
    clock += 10 * MINUTE;
    const [revision] = (await revisionsOf(`/api/posts/${id}/revisions`, staff.cookie)).revisions;
    expect((await post(t, `/api/revisions/${revision!.id}/restore`, author.cookie)).statusCode).toBe(403);
    const restored = await post(t, `/api/revisions/${revision!.id}/restore`, staff.cookie);
    expect(restored.json<EditResult>()).toMatchObject({ version: 3, message: MSG.revisionRestored });
    expect((await one<{ description: string }>('SELECT description FROM posts WHERE id = $1', [id])).description).toBe(
      DESCRIPTION,
    );
    const list = await revisionsOf(`/api/posts/${id}/revisions`, staff.cookie);
    expect(list.canRestore).toBe(true);
    expect(list.revisions.map((r) => r.kind)).toEqual(['restore', 'edit']);
    const log = await sqlQuery(t, 'SELECT action FROM moderation_log WHERE target_id = $1', [id]);
    expect(log.rows).toEqual([{ action: 'restore_revision' }]);
    await patch(`/api/posts/${id}`, staff.cookie, editBody(3, { title: 'Staff edited this title' }));
    const logged = await sqlQuery(
      t,
      "SELECT actor_id FROM moderation_log WHERE target_id = $1 AND action = 'edit_post'",
      [id],
    );
    expect(logged.rows).toEqual([{ actor_id: staff.me.id }]);
  });

  it('removes a photo (its row and upload) and adds new ones after the kept, queued for detection', async () => {
    const first = await insertUpload(t, author.me.id, 'image');
    const second = await insertUpload(t, author.me.id, 'image');
    const created = await post(t, '/api/posts', author.cookie, askBody({ imageUploadIds: [first.id, second.id] }));
    const id = created.json<{ id: string }>().id;
    clock += 10 * MINUTE;
    const images = await sqlQuery<{ id: string; image_url: string }>(
      t,
      'SELECT id, image_url FROM post_images WHERE post_id = $1 ORDER BY display_order',
      [id],
    );
    const third = await insertUpload(t, author.me.id, 'image');
    const res = await patch(
      `/api/posts/${id}`,
      author.cookie,
      editBody(1, { keepImageIds: [images.rows[1]!.id], imageUploadIds: [third.id] }),
    );
    expect(res.statusCode).toBe(200);
    const after = await sqlQuery(
      t,
      'SELECT image_url, display_order FROM post_images WHERE post_id = $1 ORDER BY display_order',
      [id],
    );
    expect(after.rows).toEqual([
      { image_url: second.publicUrl, display_order: 0 },
      { image_url: third.publicUrl, display_order: 1 },
    ]);
    expect((await sqlQuery(t, 'SELECT 1 FROM uploads WHERE id = $1', [first.id])).rowCount).toBe(0);
    const [revision] = (await revisionsOf(`/api/posts/${id}/revisions`, author.cookie)).revisions;
    expect((revision!.before as PostFields).images).toEqual([first.publicUrl, second.publicUrl]);
    expect((revision!.after as PostFields).images).toEqual([second.publicUrl, third.publicUrl]);
    // Four photos is one too many, whatever mix of kept and new.
    const more = [await insertUpload(t, author.me.id, 'image'), await insertUpload(t, author.me.id, 'image')];
    const tooMany = await patch(
      `/api/posts/${id}`,
      author.cookie,
      editBody(2, { keepImageIds: [images.rows[1]!.id], imageUploadIds: [...more.map((u) => u.id), third.id] }),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(MSG.maxImages);
  });

  it('edits a reply while the post is open (author or staff), notifies only newly mentioned members', async () => {
    const mentioned = await insertMember(t, { username: 'old-friend' });
    const fresh = await insertMember(t, { username: 'new-friend' });
    const id = await oldPost();
    const created = await post(t, `/api/posts/${id}/replies`, other.cookie, { content: `${REPLY} @old-friend` });
    const replyId = created.json<{ id: string }>().id;
    clock += 10 * MINUTE;
    expect((await patch(`/api/replies/${replyId}`, author.cookie, { content: REPLY, version: 1 })).statusCode).toBe(
      403,
    );
    const res = await patch(`/api/replies/${replyId}`, other.cookie, {
      content: `${REPLY} @old-friend and @new-friend`,
      version: 1,
    });
    expect(res.json<EditResult>()).toMatchObject({ version: 2, message: MSG.replyUpdated });
    const mentions = await sqlQuery<{ user_id: string }>(
      t,
      "SELECT user_id FROM notifications WHERE post_id = $1 AND type = 'mention' ORDER BY created_at",
      [id],
    );
    expect(mentions.rows.map((r) => r.user_id)).toEqual([mentioned.me.id, fresh.me.id]);
    const page = (await get(t, `/api/posts/${id}/replies`)).json<{
      replies: { editedAt: string | null; version: number }[];
    }>();
    expect(page.replies[0]).toMatchObject({ version: 2, editedAt: new Date(clock).toISOString() });
    const { revisions } = await revisionsOf(`/api/replies/${replyId}/revisions`);
    expect((revisions[0]!.before as ReplyFields).content).toBe(`${REPLY} @old-friend`);

    // Solved: the author's replies are closed; staff may still edit (and are logged).
    await sqlQuery(t, "UPDATE posts SET status = 'solved' WHERE id = $1", [id]);
    const closed = await patch(`/api/replies/${replyId}`, other.cookie, { content: `${REPLY} later`, version: 2 });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(MSG.repliesDisabled);
    expect(
      (await patch(`/api/replies/${replyId}`, staff.cookie, { content: `${REPLY} by staff`, version: 2 })).statusCode,
    ).toBe(200);
    expect(
      (await sqlQuery(t, "SELECT 1 FROM moderation_log WHERE action = 'edit_reply' AND target_id = $1", [replyId]))
        .rowCount,
    ).toBe(1);
  });

  it("replaces a reply's photos: the removed one's row and upload go, the new one is added", async () => {
    const id = await oldPost();
    const first = await insertUpload(t, other.me.id, 'image');
    const created = await post(t, `/api/posts/${id}/replies`, other.cookie, {
      content: REPLY,
      imageUploadIds: [first.id],
    });
    const replyId = created.json<{ id: string }>().id;
    const second = await insertUpload(t, other.me.id, 'image');
    const res = await patch(`/api/replies/${replyId}`, other.cookie, {
      content: REPLY,
      keepImageIds: [],
      imageUploadIds: [second.id],
      version: 1,
    });
    expect(res.statusCode).toBe(200);
    const images = await sqlQuery(t, 'SELECT image_url, display_order FROM reply_images WHERE reply_id = $1', [
      replyId,
    ]);
    expect(images.rows).toEqual([{ image_url: second.publicUrl, display_order: 0 }]);
    expect((await sqlQuery(t, 'SELECT 1 FROM uploads WHERE id = $1', [first.id])).rowCount).toBe(0);
    const [revision] = (await revisionsOf(`/api/replies/${replyId}/revisions`)).revisions;
    expect(revision!.before).toEqual({ content: REPLY, images: [first.publicUrl] });
    expect(revision!.after).toEqual({ content: REPLY, images: [second.publicUrl] });
  });

  it('shows revisions only to those who may see the post', async () => {
    const id = await oldPost({ status: 'pending' });
    await patch(`/api/posts/${id}`, author.cookie, editBody(1, { title: 'Pending and edited title' }));
    expect((await get(t, `/api/posts/${id}/revisions`)).statusCode).toBe(404);
    expect((await get(t, `/api/posts/${id}/revisions`, other.cookie)).statusCode).toBe(404);
    expect((await get(t, `/api/posts/${id}/revisions`, author.cookie)).statusCode).toBe(200);
    expect((await get(t, `/api/posts/${id}/revisions`, staff.cookie)).statusCode).toBe(200);
  });
});
