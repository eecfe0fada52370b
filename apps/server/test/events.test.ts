import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { AddressInfo } from 'node:net';
import type { ReplyPage } from '@fenestra/shared';
import { cookieFrom, createTestApp, signUpMember, ORIGIN, type TestApp } from './helpers.js';
import { ask, askBody, get, insertPost, makeStaff, post, sqlQuery } from './post-fixtures.js';
import { EventStream } from './event-stream.js';

const TEXT = 'Measure the roller wheel diameter first, then the housing.';

describe('live events over a real socket', () => {
  let t: TestApp;
  let base: string;
  const streams: EventStream[] = [];
  const open = async (opts: { cookie?: string; posts?: string[] } = {}) => {
    const stream = await EventStream.open(base, opts);
    streams.push(stream);
    return stream;
  };
  const reply = (postId: string, cookie: string, content = TEXT) => post(t, `/api/posts/${postId}/replies`, cookie, { content });
  const watch = (stream: EventStream, postIds: string[]) => t.app.inject({
    method: 'PUT', url: `/api/events/${stream.streamId}/posts`, headers: { origin: ORIGIN }, payload: { postIds },
  });

  beforeAll(async () => {
    t = await createTestApp({}, { heartbeatMs: 50 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await t?.close();
  });

  it('gives a visitor reply and post events for the posts the tab shows, and nothing for others', async () => {
    const author = await signUpMember(t.app);
    const writer = await signUpMember(t.app);
    const shown = await insertPost(t, { userId: author.me.id });
    const other = await insertPost(t, { userId: author.me.id });
    const visitor = await open({ posts: [shown] });

    await reply(other, writer.cookie);
    const created = (await reply(shown, writer.cookie)).json<{ id: string }>();
    expect(await visitor.next('reply.created')).toEqual({ postId: shown, replyId: created.id });
    expect(await visitor.next('post.changed')).toEqual({ postId: shown });
    // The reply on the other post came first and was never delivered.
    expect(visitor.messages.some((m) => m.data.postId === other)).toBe(false);
    expect(visitor.types()).not.toContain('notification.created');

    // The tab moves to the other post: now that one's events arrive.
    expect((await watch(visitor, [other])).statusCode).toBe(204);
    await sqlQuery(t, "UPDATE posts SET status = 'solved' WHERE id = $1", [other]);
    expect(await visitor.next('post.changed')).toEqual({ postId: other });
    expect((await watch(visitor, Array.from({ length: 21 }, () => crypto.randomUUID()))).statusCode).toBe(400);
  });

  it("never gives a member staff events, replies on posts they cannot see, or others' notifications", async () => {
    const author = await signUpMember(t.app);
    const member = await signUpMember(t.app);
    const staff = await signUpMember(t.app);
    await makeStaff(t, staff.me.id);
    const hiddenPost = await insertPost(t, { userId: author.me.id, status: 'pending' });
    const open1 = await insertPost(t, { userId: author.me.id });
    const memberStream = await open({ cookie: member.cookie, posts: [hiddenPost, open1] });
    const staffStream = await open({ cookie: staff.cookie });
    const authorStream = await open({ cookie: author.cookie });

    // A new pending post: staff hear of it (and are notified); the member hears nothing.
    expect((await ask(t, author.cookie, askBody())).statusCode).toBe(201);
    await staffStream.next('pending.changed');
    await staffStream.next('notification.created');
    // A reply to the author's post notifies the author only.
    await reply(open1, staff.cookie);
    await authorStream.next('notification.created');
    await memberStream.next('reply.created', (e) => e.postId === open1);
    // Everything above reached the member's stream before this reply event did: none of it was for them.
    expect(memberStream.types()).not.toContain('pending.changed');
    expect(memberStream.types()).not.toContain('notification.created');
    expect(memberStream.messages.filter((m) => m.data.postId === hiddenPost)).toEqual([]);
    // Events say which, never what.
    for (const m of [...memberStream.messages, ...staffStream.messages]) {
      expect(Object.keys(m.data).every((k) => ['postId', 'replyId', 'userId', 'streamId'].includes(k))).toBe(true);
    }
  });

  it('narrows a demoted moderator at once and closes a banned member\'s stream', async () => {
    const moderator = await signUpMember(t.app);
    await makeStaff(t, moderator.me.id);
    const stream = await open({ cookie: moderator.cookie });
    await sqlQuery(t, 'DELETE FROM user_roles WHERE user_id = $1', [moderator.me.id]);
    await stream.next('role.changed');
    const author = await signUpMember(t.app);
    await ask(t, author.cookie, askBody());
    // A profile change after the pending post: it reaches the member (it is theirs) after the pending event would have.
    await sqlQuery(t, "UPDATE profiles SET bio = 'Glazier' WHERE id = $1", [moderator.me.id]);
    await stream.next('profile.changed', (e) => e.userId === moderator.me.id);
    expect(stream.types()).not.toContain('pending.changed');

    await sqlQuery(t, "UPDATE profiles SET status = 'banned', ban_reason = 'Spam' WHERE id = $1", [moderator.me.id]);
    await stream.next('session.revoked');
    await stream.closed;
  });

  it('closes the streams of a session that signs out, and only those', async () => {
    const member = await signUpMember(t.app);
    const second = await t.app.inject({
      method: 'POST', url: '/api/account/sign-in', headers: { origin: ORIGIN }, payload: { email: member.email, password: member.password },
    });
    const secondCookie = cookieFrom(second);
    const first = await open({ cookie: member.cookie });
    const other = await open({ cookie: secondCookie });
    await post(t, '/api/account/sign-out', member.cookie);
    await first.next('session.revoked');
    await first.closed;
    await sqlQuery(t, "UPDATE profiles SET bio = 'still here' WHERE id = $1", [member.me.id]);
    await other.next('profile.changed');
    expect(other.types()).not.toContain('session.revoked');
  });

  it('never announces a change that was rolled back', async () => {
    const author = await signUpMember(t.app);
    const postId = await insertPost(t, { userId: author.me.id });
    const stream = await open({ posts: [postId] });
    const client = await t.app.services.database.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query("INSERT INTO replies (post_id, user_id, content) VALUES ($1, $2, 'rolled back reply')", [postId, author.me.id]);
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
    const kept = (await reply(postId, author.cookie)).json<{ id: string }>();
    expect(await stream.next('reply.created')).toEqual({ postId, replyId: kept.id });
    expect(stream.types().filter((type) => type === 'reply.created')).toHaveLength(1);
  });

  it('a reply made while a client was away is there when it reconnects and refetches', async () => {
    const author = await signUpMember(t.app);
    const postId = await insertPost(t, { userId: author.me.id });
    const first = await open({ posts: [postId] });
    first.close();
    const missed = (await reply(postId, author.cookie)).json<{ id: string }>();
    const again = await open({ posts: [postId] });
    expect(again.streamId).not.toBe(first.streamId);
    const page = (await get(t, `/api/posts/${postId}/replies`)).json<ReplyPage>();
    expect(page.replies.map((r) => r.id)).toContain(missed.id);
  });

  it('sends a heartbeat comment on the injected period', async () => {
    const stream = await open();
    await stream.heartbeat();
    expect(stream.comments).toContain('heartbeat');
  });
});

describe('shutdown', () => {
  it('ends every open stream, so the server stops promptly', async () => {
    const t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const streams = await Promise.all([EventStream.open(base), EventStream.open(base)]);
    await t.close();
    await Promise.all(streams.map((s) => s.closed));
  });
});
