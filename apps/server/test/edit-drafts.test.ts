import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { MSG } from '@fenestra/shared';
import { createTestApp, insertMember, ORIGIN, type TestApp } from './helpers.js';
import { askBody, get, insertPost, makeStaff, post, sqlQuery } from './post-fixtures.js';

// Drafts of edits (issue 25 'drafts and formatting apply to edits too'): a half-written edit of a question or a
// reply is kept per member and per question or reply, with the version it started from, and goes when it is saved.

const EDITED = { topic: 'windows', title: 'Broken sash balance, found the maker', description: 'Half', tags: [] };

describe('edit drafts', () => {
  let t: TestApp;
  let clock = Date.parse('2026-11-27T09:00:00.000Z');
  type Member = Awaited<ReturnType<typeof insertMember>>;
  let author: Member;
  let other: Member;
  let moderator: Member;
  let postId: string;
  let replyId: string;

  beforeAll(async () => {
    t = await createTestApp({}, { now: () => new Date(clock) });
    author = await insertMember(t, { username: 'edit-draft-author' });
    other = await insertMember(t, { username: 'edit-draft-other' });
    moderator = await insertMember(t, { username: 'edit-draft-mod' });
    await makeStaff(t, moderator.me.id);
    postId = await insertPost(t, { userId: author.me.id, status: 'open', title: askBody().title });
    const reply = await post(t, `/api/posts/${postId}/replies`, author.cookie, { content: 'My own reply, first go.' });
    replyId = reply.json<{ id: string }>().id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const send = (method: 'PUT' | 'DELETE' | 'PATCH', url: string, cookie: string | undefined, payload?: object) =>
    t.app.inject({ method, url, headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) }, payload });
  const questionEdit = () => `/api/drafts/question-edits/${postId}`;
  const draftOf = async (url: string, cookie = author.cookie) => (await get(t, url, cookie)).json().draft;

  it("keeps the author's draft of a question's edit with its version, apart from their reply draft", async () => {
    expect(await draftOf(`/api/drafts/question-edits/${postId}`)).toBeNull();
    const saved = await send('PUT', `/api/drafts/question-edits/${postId}`, author.cookie, {
      fields: { ...EDITED, version: 1 },
    });
    expect(saved.statusCode).toBe(200);
    clock += 4_000;
    await send('PUT', `/api/drafts/question-edits/${postId}`, author.cookie, {
      fields: { ...EDITED, description: 'Half written, now more', version: 1 },
    });
    await send('PUT', `/api/drafts/replies/${postId}`, author.cookie, { fields: { content: 'A reply as typed' } });
    expect(await draftOf(`/api/drafts/question-edits/${postId}`)).toEqual({
      fields: { ...EDITED, description: 'Half written, now more', version: 1 },
      updatedAt: new Date(clock).toISOString(),
    });
    expect(await draftOf(`/api/drafts/replies/${postId}`)).toMatchObject({ fields: { content: 'A reply as typed' } });
    const { rows } = await sqlQuery(t, 'SELECT kind FROM drafts WHERE user_id = $1 ORDER BY kind', [author.me.id]);
    expect(rows).toEqual([{ kind: 'compose' }, { kind: 'edit' }]);
  });

  it('keeps a draft of a reply edit per reply, and each editor their own (staff too)', async () => {
    const url = `/api/drafts/reply-edits/${replyId}`;
    await send('PUT', url, author.cookie, { fields: { content: 'My own reply, second go', version: 1 } });
    await send('PUT', url, moderator.cookie, { fields: { content: 'A moderator tidies it', version: 1 } });
    expect(await draftOf(url)).toMatchObject({ fields: { content: 'My own reply, second go', version: 1 } });
    expect(await draftOf(url, moderator.cookie)).toMatchObject({ fields: { content: 'A moderator tidies it' } });
  });

  it('refuses visitors (401), members who may not edit (403), what they cannot see (404) and bad drafts (400)', async () => {
    expect((await get(t, questionEdit())).statusCode).toBe(401);
    const notTheirs = await send('PUT', questionEdit(), other.cookie, { fields: { ...EDITED, version: 1 } });
    expect(notTheirs.statusCode).toBe(403);
    expect(notTheirs.json().message).toBe(MSG.cannotEditPost);
    const replyNotTheirs = await get(t, `/api/drafts/reply-edits/${replyId}`, other.cookie);
    expect(replyNotTheirs.statusCode).toBe(403);
    expect(replyNotTheirs.json().message).toBe(MSG.cannotEditReply);
    const pending = await insertPost(t, { userId: author.me.id, status: 'pending' });
    expect((await get(t, `/api/drafts/question-edits/${pending}`, other.cookie)).statusCode).toBe(404);
    expect((await get(t, `/api/drafts/question-edits/${pending}`, author.cookie)).statusCode).toBe(200);
    for (const id of ['not-a-reply', crypto.randomUUID()]) {
      const res = await get(t, `/api/drafts/reply-edits/${id}`, author.cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(MSG.replyNotFound);
    }
    const noVersion = await send('PUT', questionEdit(), author.cookie, { fields: EDITED });
    expect(noVersion.statusCode).toBe(400);
  });

  it('keeps the draft when a save is refused as stale, and drops it when the edit is saved', async () => {
    // A moderator saves an edit meanwhile: the author's, from version 1, is stale.
    const meanwhile = await send('PATCH', `/api/posts/${postId}`, moderator.cookie, {
      ...askBody({ tags: ['balance'] }),
      version: 1,
    });
    expect(meanwhile.statusCode).toBe(200);
    const stale = await send('PATCH', `/api/posts/${postId}`, author.cookie, { ...askBody(), version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(await draftOf(questionEdit())).not.toBeNull();
    const saved = await send('PATCH', `/api/posts/${postId}`, author.cookie, {
      ...askBody({ description: `${askBody().description} The maker is Caldwell.` }),
      version: 2,
    });
    expect(saved.statusCode).toBe(200);
    expect(await draftOf(questionEdit())).toBeNull();
    // Only that draft: the reply draft on the same post and the reply's edit draft stay.
    expect(await draftOf(`/api/drafts/replies/${postId}`)).not.toBeNull();
    expect(await draftOf(`/api/drafts/reply-edits/${replyId}`)).not.toBeNull();

    const reply = await send('PATCH', `/api/replies/${replyId}`, author.cookie, {
      content: 'My own reply, second go, saved.',
      version: 1,
    });
    expect(reply.statusCode).toBe(200);
    expect(await draftOf(`/api/drafts/reply-edits/${replyId}`)).toBeNull();
    expect(await draftOf(`/api/drafts/reply-edits/${replyId}`, moderator.cookie)).not.toBeNull();
  });

  it('discards on Discard, and goes with the reply', async () => {
    const url = `/api/drafts/reply-edits/${replyId}`;
    await send('PUT', url, author.cookie, { fields: { content: 'Once more', version: 2 } });
    expect((await send('DELETE', url, author.cookie)).statusCode).toBe(204);
    expect(await draftOf(url)).toBeNull();
    await sqlQuery(t, 'DELETE FROM replies WHERE id = $1', [replyId]);
    const { rows } = await sqlQuery(t, 'SELECT 1 FROM drafts WHERE reply_id = $1', [replyId]);
    expect(rows).toHaveLength(0);
  });
});
