import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { MSG, type PostDetail, type Reply } from '@fenestra/shared';
import { createTestApp, insertMember, ORIGIN, type TestApp } from './helpers.js';
import { ask, askBody, get, insertPost, post, sqlQuery } from './post-fixtures.js';

// Issue 25 'Composing': drafts kept per member and post, the server's Markdown in the API, the Preview and the '@' list.

const REPLY_TEXT = 'Lift the sash and **turn the shoe** a quarter.';
const QUESTION_FIELDS = { topic: 'doors', title: 'Sliding door drags', description: 'Half written', tags: ['rollers'] };

describe('composing: drafts, formatting, mention suggestions', () => {
  let t: TestApp;
  let clock = Date.parse('2026-11-27T09:00:00.000Z');
  type Member = Awaited<ReturnType<typeof insertMember>>;
  let writer: Member;
  let other: Member;
  let postId: string;
  let secondPostId: string;

  beforeAll(async () => {
    t = await createTestApp({}, { now: () => new Date(clock) });
    writer = await insertMember(t, { username: 'draft-writer' });
    other = await insertMember(t, { username: 'draft-other' });
    postId = await insertPost(t, { userId: other.me.id, status: 'open' });
    secondPostId = await insertPost(t, { userId: other.me.id, status: 'open' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const send = (method: 'PUT' | 'DELETE', url: string, cookie: string | undefined, payload?: object) =>
    t.app.inject({ method, url, headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) }, payload });
  const replyDraftOf = async (cookie: string, id = postId) =>
    (await get(t, `/api/drafts/replies/${id}`, cookie)).json<{ draft: { fields: { content: string } } | null }>().draft;

  describe('drafts', () => {
    it('keeps one question draft a member, replaced by each save, and returns it with its time', async () => {
      expect((await get(t, '/api/drafts/question', writer.cookie)).json()).toEqual({ draft: null });
      const first = await send('PUT', '/api/drafts/question', writer.cookie, { fields: QUESTION_FIELDS });
      expect(first.statusCode).toBe(200);
      clock += 5_000;
      await send('PUT', '/api/drafts/question', writer.cookie, {
        fields: { ...QUESTION_FIELDS, description: 'Half written, now more' },
      });
      const res = await get(t, '/api/drafts/question', writer.cookie);
      expect(res.json()).toEqual({
        draft: {
          fields: { ...QUESTION_FIELDS, description: 'Half written, now more' },
          updatedAt: new Date(clock).toISOString(),
        },
      });
      const { rows } = await sqlQuery(t, 'SELECT 1 FROM drafts WHERE user_id = $1 AND post_id IS NULL', [writer.me.id]);
      expect(rows).toHaveLength(1);
    });

    it('keeps one reply draft a post: two posts, two drafts', async () => {
      await send('PUT', `/api/drafts/replies/${postId}`, writer.cookie, { fields: { content: 'For the first post' } });
      await send('PUT', `/api/drafts/replies/${secondPostId}`, writer.cookie, {
        fields: { content: 'For the second post' },
      });
      await send('PUT', `/api/drafts/replies/${postId}`, writer.cookie, { fields: { content: REPLY_TEXT } });
      expect(await replyDraftOf(writer.cookie)).toMatchObject({ fields: { content: REPLY_TEXT } });
      expect(await replyDraftOf(writer.cookie, secondPostId)).toMatchObject({
        fields: { content: 'For the second post' },
      });
    });

    it("keeps each member's drafts their own: another member reads and discards only theirs", async () => {
      expect(await replyDraftOf(other.cookie)).toBeNull();
      expect((await get(t, '/api/drafts/question', other.cookie)).json()).toEqual({ draft: null });
      expect((await send('DELETE', `/api/drafts/replies/${postId}`, other.cookie)).statusCode).toBe(204);
      expect(await replyDraftOf(writer.cookie)).toMatchObject({ fields: { content: REPLY_TEXT } });
    });

    it('refuses visitors (401), a post they cannot see (404), and bad drafts (400 in our words)', async () => {
      expect((await get(t, '/api/drafts/question')).statusCode).toBe(401);
      expect(
        (await send('PUT', `/api/drafts/replies/${postId}`, undefined, { fields: { content: 'x' } })).statusCode,
      ).toBe(401);
      const pending = await insertPost(t, { userId: other.me.id, status: 'pending' });
      for (const id of [pending, 'not-a-post']) {
        const res = await send('PUT', `/api/drafts/replies/${id}`, writer.cookie, { fields: { content: 'x' } });
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe(MSG.postNotFound);
      }
      const long = await send('PUT', `/api/drafts/replies/${postId}`, writer.cookie, {
        fields: { content: 'x'.repeat(10_001) },
      });
      expect(long.statusCode).toBe(400);
      expect(long.json().message).toBe(MSG.draftTooLong);
    });

    it('clears the reply draft when the reply is posted, and only that post’s', async () => {
      const res = await post(t, `/api/posts/${postId}/replies`, writer.cookie, { content: REPLY_TEXT });
      expect(res.statusCode).toBe(201);
      expect(await replyDraftOf(writer.cookie)).toBeNull();
      expect(await replyDraftOf(writer.cookie, secondPostId)).not.toBeNull();
    });

    it('clears the question draft when the question is asked', async () => {
      expect((await ask(t, writer.cookie, askBody())).statusCode).toBe(201);
      expect((await get(t, '/api/drafts/question', writer.cookie)).json()).toEqual({ draft: null });
    });

    it('discards a draft on Discard', async () => {
      expect((await send('DELETE', `/api/drafts/replies/${secondPostId}`, writer.cookie)).statusCode).toBe(204);
      expect(await replyDraftOf(writer.cookie, secondPostId)).toBeNull();
    });
  });

  describe('formatting', () => {
    it('gives each reply and question its server-rendered HTML beside the Markdown as written', async () => {
      const content = '1. Lift it\n2. Ask @draft-other\n\n<script>x</script>';
      await post(t, `/api/posts/${secondPostId}/replies`, writer.cookie, { content });
      const { replies } = (await get(t, `/api/posts/${secondPostId}/replies`)).json<{ replies: Reply[] }>();
      const reply = replies.find((r) => r.content === content)!;
      expect(reply.contentHtml).toBe(
        '<ol>\n<li>Lift it</li>\n<li>Ask <a href="/user/draft-other">@draft-other</a></li>\n</ol>\n' +
          '<p>&lt;script&gt;x&lt;/script&gt;</p>\n',
      );
      const formatted = await insertPost(t, { status: 'open', description: '**Bold** start of a long description' });
      const detail = (await get(t, `/api/posts/${formatted}`)).json<PostDetail>();
      expect(detail.descriptionHtml).toBe('<p><strong>Bold</strong> start of a long description</p>\n');
    });

    it('previews Markdown as the page will show it, for members only', async () => {
      const res = await post(t, '/api/markdown/preview', writer.cookie, { text: '> @draft-other wrote:\n> *it*' });
      expect(res.json()).toEqual({
        html: '<blockquote>\n<p><a href="/user/draft-other">@draft-other</a> wrote:<br>\n<em>it</em></p>\n</blockquote>\n',
      });
      expect((await post(t, '/api/markdown/preview', undefined, { text: 'x' })).statusCode).toBe(401);
    });

    it('shows card previews and the page description as plain text', async () => {
      const id = await insertPost(t, { status: 'open', description: '**Step one:** [see this](https://example.com)' });
      const list = (await get(t, '/api/posts?sort=newest')).json<{ posts: { id: string; preview: string }[] }>();
      expect(list.posts.find((p) => p.id === id)?.preview).toBe('Step one: see this');
    });
  });

  describe("mention suggestions for '@'", () => {
    it("offers members by the letters typed, the post's people first, with their avatars", async () => {
      const thread = await insertMember(t, { username: 'rob-in-thread' });
      await insertMember(t, { username: 'rob-aaa-outside' });
      await insertMember(t, { username: 'robert_%' });
      await post(t, `/api/posts/${secondPostId}/replies`, thread.cookie, { content: 'I replied here as well.' });
      const res = await get(t, `/api/mentions/suggestions?q=ROB&postId=${secondPostId}`, writer.cookie);
      expect(res.statusCode).toBe(200);
      const names = res.json<{ members: { username: string; avatarUrl: string | null }[] }>().members;
      expect(names.map((m) => m.username)).toEqual(['rob-in-thread', 'rob-aaa-outside', 'robert_%']);
      expect(names[0]).toHaveProperty('avatarUrl');
      // '_' is a letter to match, not LIKE's any-one-character ('rob-...' does not start with 'rob_').
      const literal = await get(t, '/api/mentions/suggestions?q=rob_', writer.cookie);
      expect(literal.json()).toEqual({ members: [] });
    });

    it('refuses visitors and what cannot start a username', async () => {
      expect((await get(t, '/api/mentions/suggestions?q=rob')).statusCode).toBe(401);
      const res = await get(t, `/api/mentions/suggestions?q=${encodeURIComponent('a b')}`, writer.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MSG.invalidMentionQuery);
    });
  });
});
