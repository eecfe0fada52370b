import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { AddressInfo } from 'node:net';
import { insertMember, createTestApp, ORIGIN, type TestApp } from './helpers.js';
import { insertPost, post } from './post-fixtures.js';
import { EventStream } from './event-stream.js';
import { CLOCK_SKEW_MS, RECENT_EVENTS_MS } from '../src/realtime/recent-events.js';

const TEXT = 'Measure the roller wheel diameter first, then the housing.';

// A page drawn by the server says when its data was read (`since`); the instance holding its stream tells it to
// refetch only when an event it heard after then changes what the page shows. The clock is the app's, moved by hand.
describe('a stream for a page drawn by the server', () => {
  let t: TestApp;
  let base: string;
  let clock = Date.now();
  const streams: EventStream[] = [];
  const open = async (opts: { posts?: string[]; since?: number | string }) => {
    const stream = await EventStream.open(base, opts);
    streams.push(stream);
    return stream;
  };
  /** Every event committed so far has been heard; then time moves on past the clocks' margin. */
  const settle = async () => {
    await t.app.services.events.listener.sync();
    clock += CLOCK_SKEW_MS + 10_000;
  };
  const reply = (postId: string, cookie: string) => post(t, `/api/posts/${postId}/replies`, cookie, { content: TEXT });

  beforeAll(async () => {
    t = await createTestApp({}, { now: () => new Date(clock), heartbeatMs: 60_000 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await t?.close();
  });

  it('refetches when a reply came to a watched post after the page was read, and not for other posts or before', async () => {
    const author = await insertMember(t);
    const writer = await insertMember(t);
    const shown = await insertPost(t, { userId: author.me.id });
    const other = await insertPost(t, { userId: author.me.id });
    await settle();

    const drawnBefore = clock;
    await settle();
    expect((await reply(shown, writer.cookie)).statusCode).toBe(201);
    await settle();
    const stale = await open({ posts: [shown], since: drawnBefore });
    // Judged before the stream says it is ready: the content, not who is signed in.
    expect(stale.types()).toEqual(['stream.refetch', 'stream.ready']);
    expect(stale.messages[0]!.data).toEqual({ scope: 'content', since: expect.any(String) });

    const drawnAfter = clock;
    await settle();
    // Another post's reply and change would not have reached this stream either.
    await reply(other, writer.cookie);
    await settle();
    const fresh = await open({ posts: [shown], since: drawnAfter });
    expect(fresh.types()).toEqual(['stream.ready']);
    // What comes next is the live reply itself, with no refetch before it.
    await reply(shown, writer.cookie);
    await fresh.next('reply.created');
    expect(fresh.types()).not.toContain('stream.refetch');
  });

  it('judges the set given later by PUT, with the since it carries', async () => {
    const author = await insertMember(t);
    const writer = await insertMember(t);
    const shown = await insertPost(t, { userId: author.me.id });
    await settle();
    const drawn = clock;
    await settle();
    const stream = await open({ since: drawn });
    // No posts yet (the page is still hydrating) and nothing about this viewer: nothing to say.
    expect(stream.types()).toEqual(['stream.ready']);
    await reply(shown, writer.cookie);
    await settle();
    const watch = await t.app.inject({
      method: 'PUT',
      url: `/api/events/${stream.streamId}/posts`,
      headers: { origin: ORIGIN },
      payload: { postIds: [shown], since: String(drawn) },
    });
    expect(watch.statusCode).toBe(204);
    expect(await stream.next('stream.refetch')).toEqual({ scope: 'content', since: expect.any(String) });
  });

  it('judges what passed between a refetch and the set by the stamp the refetch carried', async () => {
    const author = await insertMember(t);
    const writer = await insertMember(t);
    const shown = await insertPost(t, { userId: author.me.id });
    const quiet = await insertPost(t, { userId: author.me.id });
    await settle();
    // A page drawn too long ago: refetch everything, from the moment the server judged it.
    const stream = await open({ since: clock - RECENT_EVENTS_MS - 60_000 });
    expect(stream.types()).toEqual(['stream.refetch', 'stream.ready']);
    const { since } = stream.messages[0]!.data as { since: string };
    await settle();
    // A reply while the tab refetches, before it says which posts it shows: no stream watched the post then.
    await reply(shown, writer.cookie);
    await settle();
    const watch = (postIds: string[]) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/events/${stream.streamId}/posts`,
        headers: { origin: ORIGIN },
        payload: { postIds, since },
      });
    expect((await watch([quiet])).statusCode).toBe(204);
    expect((await watch([shown])).statusCode).toBe(204);
    expect(await stream.next('stream.refetch')).toEqual({ scope: 'content', since: expect.any(String) });
    // Only the post the reply came to: the quiet one's set said nothing.
    expect(stream.types().filter((type) => type === 'stream.refetch')).toHaveLength(2);
  });

  it("allows for other instances' clocks, unless the page was drawn by the instance holding the stream", async () => {
    const author = await insertMember(t);
    const writer = await insertMember(t);
    const shown = await insertPost(t, { userId: author.me.id });
    await settle();
    await reply(shown, writer.cookie);
    await t.app.services.events.listener.sync();
    clock += CLOCK_SKEW_MS / 2;
    // Drawn here after the reply was heard: it shows it.
    const ownStamp = t.app.services.events.recent.stamp();
    expect((await open({ posts: [shown], since: ownStamp })).types()).toEqual(['stream.ready']);
    // Drawn by another instance at the same time: its clock may be behind, the reply may be newer than its page.
    const otherStamp = `${clock}.0000beef`;
    expect((await open({ posts: [shown], since: otherStamp })).types()).toEqual(['stream.refetch', 'stream.ready']);
  });

  it('refetches everything when the page was read before the instance heard events (its ring does not reach back)', async () => {
    const author = await insertMember(t);
    const shown = await insertPost(t, { userId: author.me.id });
    await settle();
    const stream = await open({ posts: [shown], since: clock - RECENT_EVENTS_MS - 60_000 });
    expect(stream.types()).toEqual(['stream.refetch', 'stream.ready']);
    expect(stream.messages[0]!.data).toEqual({ since: expect.any(String) });
  });
});
