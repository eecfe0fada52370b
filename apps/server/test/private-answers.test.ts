import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { EVENTS_PATH } from '@fenestra/shared';
import { insertMember, createTestApp, type TestApp } from './helpers.js';
import { get, insertPost, makeStaff, post } from './post-fixtures.js';

const PRIVATE = 'private, no-store';
/** A part number typed in a public question: it has a part page (decision 034). */
const PART = 'ZQ-41207';

// Every answer that depends on who asks is `private, no-store`: kept by no shared cache and by no browser. A public
// answer (`no-cache`, revalidated with its ETag) is the very same bytes for a visitor, a member and staff.
describe('answers that depend on who asks', () => {
  let t: TestApp;
  let author: Awaited<ReturnType<typeof insertMember>>;
  let staff: Awaited<ReturnType<typeof insertMember>>;
  let publicId: string;
  let pendingId: string;
  let deniedId: string;
  let replyId: string;

  beforeAll(async () => {
    t = await createTestApp();
    author = await insertMember(t, { username: 'casement_cass' });
    staff = await insertMember(t, { username: 'warden_wes' });
    await makeStaff(t, staff.me.id, 'admin');
    const replier = await insertMember(t);
    publicId = await insertPost(t, { userId: author.me.id, title: 'A sash cord snapped on the left side' });
    pendingId = await insertPost(t, { userId: author.me.id, status: 'pending' });
    deniedId = await insertPost(t, { userId: author.me.id, status: 'denied', denialReason: 'Off topic' });
    await insertPost(t, {
      userId: author.me.id,
      title: 'A sash keeper that no longer holds',
      description: `The keeper is stamped ${PART} on its face and it no longer holds the sash.`,
    });
    const replied = await post(t, `/api/posts/${publicId}/replies`, replier.cookie, {
      content: `@${author.me.username} the sash cord is a 6 mm braided one.`,
    });
    replyId = replied.json<{ id: string }>().id;
    // The author's marks make their version of the public lists their own.
    expect((await post(t, `/api/posts/${publicId}/like`, author.cookie)).statusCode).toBe(200);
    expect((await post(t, `/api/posts/${publicId}/bookmark`, author.cookie)).statusCode).toBe(200);
    await t.app.services.events.listener.sync();
  });
  afterAll(async () => {
    await t?.close();
  });

  const askers = () => [
    { name: 'visitor', cookie: undefined },
    { name: 'author', cookie: author.cookie },
    { name: 'staff', cookie: staff.cookie },
  ];

  /** The route's path with its parameters filled with this forum's rows. */
  function filled(route: string): string {
    return route.replace(/:(\w+)/g, (_, name: string) => {
      if (name === 'username') return author.me.username;
      if (name === 'provider') return 'google';
      if (name === 'number') return PART;
      if (name === 'id') return route.startsWith('/api/replies/') ? replyId : publicId;
      throw new Error(`private-answers.test.ts: give ${route}'s :${name} a value`);
    });
  }

  it('are private, no-store on every API read, and public ones are the same for everyone', async () => {
    const routes = t.app.routeList
      .filter((r) => r.method === 'GET' && r.url.startsWith('/api/') && r.url !== EVENTS_PATH)
      .map((r) => filled(r.url));
    const more = [
      '/api/posts?scope=mine',
      '/api/posts?scope=unsolved-queue',
      `/api/posts/${pendingId}`,
      `/api/posts/${deniedId}`,
      `/api/posts/${pendingId}/replies`,
      `/api/users/${staff.me.username}`,
      '/api/search?q=sash',
      '/api/search?q=seeded&status=pending',
    ];
    for (const url of [...new Set([...routes, ...more])]) {
      const answers = [];
      for (const asker of askers()) answers.push({ asker: asker.name, res: await get(t, url, asker.cookie) });
      const shared = answers.filter(({ res }) => res.headers['cache-control'] !== PRIVATE);
      // What is not private must not differ by who asks.
      for (const { asker, res } of shared) {
        expect(res.body, `${url} as ${asker}: ${res.headers['cache-control']}`).toBe(answers[0]!.res.body);
        expect(answers[0]!.res.headers['cache-control'], `${url} as visitor`).toBe(res.headers['cache-control']);
      }
    }
  });

  it('are private, no-store for the cases a hostile tester found, and for the event stream', async () => {
    const cacheOf = async (url: string, cookie: string) => {
      const res = await get(t, url, cookie);
      expect(res.statusCode, url).toBe(200);
      return res.headers['cache-control'];
    };
    expect(await cacheOf(`/api/posts/${pendingId}`, author.cookie)).toBe(PRIVATE);
    expect(await cacheOf(`/api/posts/${pendingId}`, staff.cookie)).toBe(PRIVATE);
    expect(await cacheOf(`/api/posts/${deniedId}`, author.cookie)).toBe(PRIVATE);
    expect(await cacheOf(`/api/users/${author.me.username}`, author.cookie)).toBe(PRIVATE);
    // The member's own version of a public answer (their like and bookmark are in it).
    expect(await cacheOf('/api/posts', author.cookie)).toBe(PRIVATE);
    expect(await cacheOf(`/api/posts/${publicId}`, author.cookie)).toBe(PRIVATE);
    expect(await cacheOf(`/api/users/${author.me.username}/posts`, author.cookie)).toBe(PRIVATE);
    // A visitor's public answer stays shared.
    expect((await get(t, `/api/posts/${publicId}`)).headers['cache-control']).toBe('no-cache');
    // A part page (decision 034) is the same for everyone: shared, revalidated with its ETag, for members too.
    for (const cookie of [undefined, author.cookie, staff.cookie]) {
      const part = await get(t, `/api/parts/${PART}`, cookie);
      expect(part.statusCode).toBe(200);
      expect(part.headers['cache-control']).toBe('no-cache');
      expect(part.headers.etag).toBeTruthy();
    }

    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const streamHeaders = await new Promise<http.IncomingHttpHeaders>((resolve, reject) => {
      const request = http.get(base + EVENTS_PATH, { headers: { cookie: author.cookie }, agent: false }, (res) => {
        resolve(res.headers);
        request.destroy();
      });
      request.on('error', reject);
    });
    expect(streamHeaders['cache-control']).toBe(PRIVATE);
  });
});
