import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import type { Reply, ReplyPage } from '@fenestra/shared';
import { createTestApp, signUpMember, type TestApp } from './helpers.js';
import { get, insertPost, post, sqlQuery } from './post-fixtures.js';
import { REFUSED_LINKS, startLinkPages, type LinkPages } from './link-pages.js';
import { EventStream } from './event-stream.js';
import { linkPreviewsService } from '../src/modules/link-previews/service.js';

let t: TestApp;
let pages: LinkPages;
let member: Awaited<ReturnType<typeof signUpMember>>;
let baseUrl: string;

beforeAll(async () => {
  pages = await startLinkPages();
  t = await createTestApp({}, { linkFetcher: pages.fetcher });
  member = await signUpMember(t.app);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await t?.close();
  await pages?.close();
});

const reply = async (postId: string, content: string) => {
  const res = await post(t, `/api/posts/${postId}/replies`, member.cookie, { content });
  expect(res.statusCode).toBe(201);
  return res.json<Reply>();
};
const repliesOf = async (postId: string, cookie?: string) =>
  (await get(t, `/api/posts/${postId}/replies`, cookie)).json<ReplyPage>().replies;
const runPreviewJobs = () => t.app.services.jobs.runDue('fetch-reply-previews');

describe('link previews on replies', () => {
  it("fetches cards for a reply's first 3 distinct links after it is saved, shows them to visitors, and announces them live", async () => {
    const postId = await insertPost(t, { userId: member.me.id });
    const visitor = await EventStream.open(baseUrl, { posts: [postId] });
    try {
      const saved = await reply(
        postId,
        `The hinge is [this one](${pages.origin}/hinge#specs), same as ${pages.origin}/hinge. ` +
          `Rollers: ${pages.origin}/plain and http://10.0.0.1/ and ${pages.origin}/svg-card`,
      );
      // Saved at once, without waiting for any page; the cards come from the job.
      expect(saved.previews).toEqual([]);
      const links = await sqlQuery<{ url: string }>(
        t,
        'SELECT url FROM reply_links WHERE reply_id = $1 ORDER BY position',
        [saved.id],
      );
      expect(links.rows.map((r) => r.url)).toEqual([
        `${pages.origin}/hinge`,
        `${pages.origin}/plain`,
        'http://10.0.0.1/',
      ]);

      expect(await runPreviewJobs()).toEqual({ completed: 1, failed: 0 });
      expect(await visitor.next('reply.updated', (e) => e.replyId === saved.id)).toEqual({ postId, replyId: saved.id });

      const [shown] = await repliesOf(postId);
      expect(shown!.previews.map((p) => [p.url, p.title, p.domain])).toEqual([
        [`${pages.origin}/hinge`, 'Casement hinge, stainless', 'pages.test'],
        [`${pages.origin}/plain`, 'Screen door rollers', 'pages.test'],
      ]);
      expect(shown!.previews[0]!.image).toMatch(/^\/media\/post-images\/link-previews\//);
    } finally {
      visitor.close();
    }
  });

  it('saves a reply whatever its links are; each refused link gives no card and no packet', async () => {
    const postId = await insertPost(t, { userId: member.me.id });
    const before = pages.connections.length;
    const saved = [];
    for (const [what, link] of REFUSED_LINKS) saved.push(await reply(postId, `About ${what}: ${link} (see there)`));
    saved.push(await reply(postId, `Huge: ${pages.origin}/three-megabytes and a redirect ${pages.origin}/to-metadata`));
    saved.push(await reply(postId, `Slow: http://slow.test:${pages.port}/never-finishes and ${pages.origin}/hop1`));

    const ran = await runPreviewJobs();
    expect(ran.failed).toBe(0);
    const listed = await repliesOf(postId);
    expect(listed.map((r) => r.id)).toEqual(saved.map((r) => r.id));
    expect(listed.every((r) => r.previews.length === 0)).toBe(true);
    expect(new Set(pages.connections.slice(before))).toEqual(new Set([`127.0.0.1:${pages.port}`]));
  });

  it("keeps a reply's card when its refetch fails, and announces a card that changed", async () => {
    const postId = await insertPost(t, { userId: member.me.id });
    const saved = await reply(postId, `Look: ${pages.origin}/plain?refresh=1`);
    await runPreviewJobs();
    const card = (await repliesOf(postId))[0]!.previews[0]!;
    const watcher = await EventStream.open(baseUrl, { posts: [postId] });
    try {
      const later = new Date(Date.now() + 25 * 60 * 60 * 1000);
      const { database, storage, media } = t.app.services;
      const failing = linkPreviewsService({
        db: database.db,
        storage,
        media,
        fetcher: { page: async () => ({ card: null, reason: 'timeout' }), picture: async () => null },
      });
      expect(await failing.refreshDue(later)).toBeGreaterThanOrEqual(1);
      expect((await repliesOf(postId))[0]!.previews).toEqual([card]);

      const changed = linkPreviewsService({
        db: database.db,
        storage,
        media,
        fetcher: {
          page: async () => ({ card: { title: 'Screen door rollers (new stock)', description: null, imageUrl: null } }),
          picture: async () => null,
        },
      });
      await changed.refreshDue(new Date(later.getTime() + 2 * 60 * 60 * 1000));
      expect(await watcher.next('reply.updated', (e) => e.replyId === saved.id)).toEqual({ postId, replyId: saved.id });
      expect((await repliesOf(postId))[0]!.previews[0]!.title).toBe('Screen door rollers (new stock)');
    } finally {
      watcher.close();
    }
  });
});
