import { describe, it, expect, beforeAll, beforeEach, afterAll } from 'vitest';
import sharp from 'sharp';
import { MSG, REPLY_PAGE_SIZE, tokenizeMemberText, type Reply, type ReplyPage } from '@fenestra/shared';
import { insertMember, createTestApp, multipart, ORIGIN, type MultipartPart, type TestApp } from './helpers.js';
import { get, insertPost, post, sqlQuery } from './post-fixtures.js';

const TEXT = 'Check the spline size before you buy a new roller.';

describe('replies', () => {
  let t: TestApp;
  let author: Awaited<ReturnType<typeof insertMember>>;
  // Each test writes as a new member, so none runs into another's rate-limit window.
  let member: Awaited<ReturnType<typeof insertMember>>;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_REPLIES: '6' });
    author = await insertMember(t, { username: 'casey-author' });
  });
  beforeEach(async () => {
    member = await insertMember(t, { username: `Rowan_K${++n}` });
  });
  afterAll(async () => {
    await t?.close();
  });

  const reply = (postId: string, cookie: string | undefined, body: object) =>
    post(t, `/api/posts/${postId}/replies`, cookie, body);
  const replyCount = async (postId: string) =>
    (await sqlQuery<{ reply_count: number }>(t, 'SELECT reply_count FROM posts WHERE id = $1', [postId])).rows[0]!
      .reply_count;

  it('posts a trimmed reply to an open post, counts it with the post, and lists it with its author', async () => {
    const postId = await insertPost(t, { userId: author.me.id });
    const res = await reply(postId, member.cookie, { content: `   ${TEXT}  \n` });
    expect(res.statusCode).toBe(201);
    const created = res.json<Reply>();
    expect(created).toMatchObject({
      postId,
      content: TEXT,
      isPinned: false,
      images: [],
      mentions: [],
      author: { id: member.me.id, username: member.me.username },
    });
    expect(await replyCount(postId)).toBe(1);
    const page = (await get(t, `/api/posts/${postId}/replies`)).json<ReplyPage>();
    expect(page).toEqual({ replies: [created], nextCursor: null });
  });

  it("refuses text outside 10-5000 characters after trimming, with SPEC's messages, and writes nothing", async () => {
    const postId = await insertPost(t, { userId: author.me.id });
    for (const [content, message] of [
      ['   short   ', MSG.replyMin],
      ['x'.repeat(5001), MSG.replyMax],
      ['', MSG.replyMin],
      [42, MSG.replyMin],
    ] as const) {
      const res = await reply(postId, member.cookie, { content });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message, field: 'content' });
    }
    expect((await reply(postId, member.cookie, { content: ` ${'x'.repeat(10)} ` })).statusCode).toBe(201);
    expect((await reply(postId, author.cookie, { content: 'y'.repeat(5000) })).statusCode).toBe(201);
    expect(await replyCount(postId)).toBe(2);
  });

  it("refuses solved posts with 409 'Further replies are disabled', and pending, denied or missing ones with 404", async () => {
    const solved = await insertPost(t, { userId: author.me.id, status: 'solved' });
    const res = await reply(solved, member.cookie, { content: TEXT });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.repliesDisabled);
    for (const status of ['pending', 'denied'] as const) {
      const hidden = await insertPost(t, { userId: author.me.id, status });
      // Not even the author may reply to a post that is not public.
      for (const cookie of [member.cookie, author.cookie]) {
        const refused = await reply(hidden, cookie, { content: TEXT });
        expect(refused.statusCode).toBe(404);
        expect(refused.json().message).toBe(MSG.postNotFound);
      }
      expect((await get(t, `/api/posts/${hidden}/replies`, member.cookie)).statusCode).toBe(404);
      expect((await get(t, `/api/posts/${hidden}/replies`, author.cookie)).statusCode).toBe(200);
      expect(await replyCount(hidden)).toBe(0);
    }
    expect((await reply('2b1e4c8e-0000-4000-8000-000000000000', member.cookie, { content: TEXT })).statusCode).toBe(
      404,
    );
    expect((await reply('not-a-uuid', member.cookie, { content: TEXT })).statusCode).toBe(404);
    expect((await get(t, '/api/posts/not-a-uuid/replies')).statusCode).toBe(404);
  });

  it('refuses visitors (401) and banned members (403 BANNED)', async () => {
    const postId = await insertPost(t, { userId: author.me.id });
    expect((await reply(postId, undefined, { content: TEXT })).statusCode).toBe(401);
    const banned = await insertMember(t);
    await sqlQuery(t, "UPDATE profiles SET status = 'banned', ban_reason = 'Spam' WHERE id = $1", [banned.me.id]);
    const res = await reply(postId, banned.cookie, { content: TEXT });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('BANNED');
    expect(await replyCount(postId)).toBe(0);
  });

  it('keeps <script> and javascript: as the text written; only http(s) addresses become links', async () => {
    const postId = await insertPost(t, { userId: author.me.id });
    const content =
      '<script>alert(1)</script> [click](javascript:alert(1)) <img src=x onerror=alert(1)> https://example.com/hinge';
    const created = (await reply(postId, member.cookie, { content })).json<Reply>();
    expect(created.content).toBe(content);
    const links = tokenizeMemberText(created.content).filter((tk) => tk.kind === 'link');
    expect(links).toEqual([{ kind: 'link', text: 'https://example.com/hinge', url: 'https://example.com/hinge' }]);
  });

  it('resolves @mentions to members, ignoring case, and stores them with the reply', async () => {
    const postId = await insertPost(t, { userId: author.me.id });
    const created = (
      await reply(postId, member.cookie, { content: '@CASEY-author try what @nobody_here said, mail x@casey-author' })
    ).json<Reply>();
    expect(created.mentions).toEqual([{ handle: 'casey-author', userId: author.me.id, username: 'casey-author' }]);
    const stored = await sqlQuery(t, 'SELECT user_id, handle FROM reply_mentions WHERE reply_id = $1', [created.id]);
    expect(stored.rows).toEqual([{ user_id: author.me.id, handle: 'casey-author' }]);
  });

  it('lists the pinned reply first, then oldest first, 200 a page with a keyset Load more', async () => {
    const postId = await insertPost(t, { userId: author.me.id, replies: REPLY_PAGE_SIZE + 5 });
    await sqlQuery(
      t,
      `
      INSERT INTO replies (post_id, user_id, content, created_at, is_pinned)
      SELECT $1, $2, 'Reply number ' || n, now() - interval '1 day' + n * interval '1 second', n = 150
      FROM generate_series(1, $3::int) AS n`,
      [postId, member.me.id, REPLY_PAGE_SIZE + 5],
    );
    const first = (await get(t, `/api/posts/${postId}/replies`)).json<ReplyPage>();
    expect(first.replies).toHaveLength(REPLY_PAGE_SIZE);
    expect(first.replies[0]).toMatchObject({ content: 'Reply number 150', isPinned: true });
    expect(first.replies.slice(1, 3).map((r) => r.content)).toEqual(['Reply number 1', 'Reply number 2']);
    expect(first.nextCursor).not.toBeNull();
    const second = (await get(t, `/api/posts/${postId}/replies?cursor=${first.nextCursor}`)).json<ReplyPage>();
    expect(second.replies.map((r) => r.content)).toEqual([201, 202, 203, 204, 205].map((n) => `Reply number ${n}`));
    expect(second.nextCursor).toBeNull();
    expect((await get(t, `/api/posts/${postId}/replies?cursor=garbage`)).statusCode).toBe(400);
  });

  it("attaches up to 3 pictures uploaded with purpose=reply, and refuses a fourth or another member's", async () => {
    const postId = await insertPost(t, { userId: author.me.id });
    const picture = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a6ea5' } })
      .jpeg()
      .toBuffer();
    const upload = async (cookie: string, files: number) => {
      const form = await multipart([
        ['purpose', 'reply'],
        ...Array.from({ length: files }, (_, i) => ['files', picture, `p${i}.jpg`] as MultipartPart),
      ]);
      return t.app.inject({
        method: 'POST',
        url: '/api/uploads/images',
        headers: { origin: ORIGIN, cookie, 'content-type': form.contentType },
        payload: form.payload,
      });
    };
    const tooMany = await upload(member.cookie, 4);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(MSG.maxFiles(3));
    const uploaded = (await upload(member.cookie, 3)).json<{ files: { id: string; publicUrl: string }[] }>().files;
    expect(uploaded).toHaveLength(3);
    const four = await reply(postId, member.cookie, {
      content: TEXT,
      imageUploadIds: [...uploaded.map((f) => f.id), uploaded[0]!.id],
    });
    expect(four.json().message).toBe(MSG.maxImages);
    const others = await reply(postId, author.cookie, { content: TEXT, imageUploadIds: [uploaded[0]!.id] });
    expect(others.statusCode).toBe(400);
    const created = (
      await reply(postId, member.cookie, { content: TEXT, imageUploadIds: uploaded.map((f) => f.id) })
    ).json<Reply>();
    expect(created.images.map((i) => i.url)).toEqual(uploaded.map((f) => f.publicUrl));
    expect(created.images.map((i) => i.displayOrder)).toEqual([0, 1, 2]);
    expect(uploaded[0]!.publicUrl).toContain('/post-images/');
  });

  it('limits replies per member (RATE_LIMIT_REPLIES), not per address', async () => {
    const postId = await insertPost(t, { userId: author.me.id });
    const writer = await insertMember(t);
    const statuses = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await reply(postId, writer.cookie, { content: `${TEXT} ${i}` })).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201, 429]);
    // Another member from the same address still has their own window.
    const other = await insertMember(t);
    expect((await reply(postId, other.cookie, { content: TEXT })).statusCode).toBe(201);
  });
});
