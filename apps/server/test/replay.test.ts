import { describe, it, expect, beforeAll, afterAll, vi } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWebIfNeeded } from '../../../scripts/build-web-if-needed.mjs';
import { insertMember, createTestApp, freshDatabase, ORIGIN, type TestApp } from './helpers.js';
import { askBody, insertPost, makeStaff, post } from './post-fixtures.js';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET over real HTTP (app.inject does not go through the server the replay sits in), with exactly these headers. */
function fetchRaw(base: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(base + path, { headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

const decoded = (a: Answer) =>
  a.headers['content-encoding'] === 'br'
    ? brotliDecompressSync(a.body)
    : a.headers['content-encoding'] === 'gzip'
      ? gunzipSync(a.body)
      : a.body;
const json = (a: Answer) => JSON.parse(decoded(a).toString()) as Record<string, unknown>;
/** Every header but those made per request. */
const lasting = (h: http.IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(h).filter(([k]) => k !== 'x-request-id' && k !== 'date'));

// The replay (decision 021): cached public reads answered again in front of Fastify. Two instances on one
// PostgreSQL; B listens, and changes go through A (or B's own API) as in public-cache.test.ts.
describe('replayed answers over HTTP', () => {
  let a: TestApp;
  let b: TestApp;
  let base: string;

  beforeAll(async () => {
    const databaseUrl = await freshDatabase();
    a = await createTestApp({ DATABASE_URL: databaseUrl });
    b = await createTestApp({ DATABASE_URL: databaseUrl });
    await b.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(b.app.server.address() as AddressInfo).port}`;
    // Enough posts that the list is compressed (over 1 KB).
    const author = await insertMember(a);
    for (let i = 0; i < 4; i++) await insertPost(a, { userId: author.me.id });
    await b.app.services.events.listener.sync();
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  const caughtUp = () => b.app.services.events.listener.sync();
  const replayed = () => b.app.services.replay.stats.replayed;
  /** Reads `path` twice: the first answer (Fastify's, or a replay), then the second, which must be a replay. */
  async function twice(path: string, headers: Record<string, string> = {}) {
    const first = await fetchRaw(base, path, headers);
    const before = replayed();
    const second = await fetchRaw(base, path, headers);
    expect(replayed(), `${path} read again was replayed`).toBe(before + 1);
    return { first, second };
  }
  const listed = (a: Answer, id: string) =>
    (json(a).posts as Array<{ id: string; voteCount: number; replyCount: number; liked: boolean }>).find(
      (p) => p.id === id,
    );

  it('answers a repeated visitor read with the same bytes and headers, security headers included', async () => {
    for (const path of ['/api/posts', '/api/posts?sort=popular']) {
      const { first, second } = await twice(path, { 'accept-encoding': 'gzip, deflate, br' });
      expect(second.status).toBe(200);
      expect(lasting(second.headers)).toEqual(lasting(first.headers));
      expect(second.body.equals(first.body)).toBe(true);
      expect(second.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
      expect(second.headers).toMatchObject({
        'content-encoding': 'br',
        vary: 'Accept-Encoding',
        'cache-control': 'no-cache',
        'content-type': 'application/json; charset=utf-8',
        'x-frame-options': 'DENY',
        'x-content-type-options': 'nosniff',
        'content-length': String(first.body.length),
      });
      expect(second.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(second.headers['permissions-policy']).toContain('camera=()');
      expect(second.headers.etag).toBe(first.headers.etag);
    }
  });

  it('keeps gzip, br and plain answers apart', async () => {
    const variants: Array<{ encoding: string; answer: Answer }> = [];
    for (const encoding of ['br', 'gzip', '']) {
      variants.push({
        encoding,
        answer: (await twice('/api/posts', encoding ? { 'accept-encoding': encoding } : {})).second,
      });
    }
    for (const { encoding, answer } of variants) expect(answer.headers['content-encoding']).toBe(encoding || undefined);
    const plain = variants[2]!.answer.body;
    for (const { answer } of variants) expect(decoded(answer).equals(plain)).toBe(true);
  });

  it('answers If-None-Match with a 304 when it matches, and the body when it does not', async () => {
    const { first } = await twice('/api/posts');
    const etag = first.headers.etag!;
    const { first: notModified, second } = await twice('/api/posts', { 'if-none-match': etag });
    expect([notModified.status, second.status]).toEqual([304, 304]);
    expect(second.body.length).toBe(0);
    expect(lasting(second.headers)).toEqual(lasting(notModified.headers));
    const other = await twice('/api/posts', { 'if-none-match': 'W/"something-else"' });
    expect(other.second.status).toBe(200);
  });

  it('shows a like, a new reply, an approval and a deletion through the other instance at once', async () => {
    const author = await insertMember(a);
    const staff = await insertMember(a);
    await makeStaff(a, staff.me.id);
    const asked = await a.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: { origin: ORIGIN, cookie: author.cookie },
      payload: askBody(),
    });
    const id = asked.json().id as string;
    await caughtUp();
    expect(listed((await twice('/api/posts')).second, id)).toBeUndefined();

    expect((await post(a, `/api/admin/posts/${id}/approve`, staff.cookie)).statusCode).toBe(200);
    await caughtUp();
    expect(listed(await fetchRaw(base, '/api/posts'), id)).toMatchObject({ voteCount: 0, replyCount: 0 });
    expect(listed((await twice('/api/posts')).second, id)).toMatchObject({ voteCount: 0 });
    expect(json((await twice(`/api/posts/${id}`)).second)).toMatchObject({ id, voteCount: 0 });
    expect(json((await twice(`/api/posts/${id}/replies`)).second).replies).toEqual([]);

    expect((await post(a, `/api/posts/${id}/like`, author.cookie)).statusCode).toBe(200);
    await caughtUp();
    expect(listed(await fetchRaw(base, '/api/posts'), id)).toMatchObject({ voteCount: 1 });
    expect(json(await fetchRaw(base, `/api/posts/${id}`))).toMatchObject({ voteCount: 1 });
    expect(listed((await twice('/api/posts')).second, id)).toMatchObject({ voteCount: 1 });

    const replied = await post(a, `/api/posts/${id}/replies`, author.cookie, {
      content: 'The keeper plate is cracked: replace it.',
    });
    expect(replied.statusCode).toBe(201);
    await caughtUp();
    expect(listed(await fetchRaw(base, '/api/posts'), id)).toMatchObject({ replyCount: 1 });
    expect(
      (json(await fetchRaw(base, `/api/posts/${id}/replies`)).replies as Array<{ id: string }>).map((r) => r.id),
    ).toEqual([replied.json().id]);
    await twice(`/api/posts/${id}`);

    const deleted = await a.app.inject({
      method: 'DELETE',
      url: `/api/admin/posts/${id}`,
      headers: { origin: ORIGIN, cookie: staff.cookie },
    });
    expect(deleted.statusCode).toBe(200);
    await caughtUp();
    expect(listed(await fetchRaw(base, '/api/posts'), id)).toBeUndefined();
    expect((await fetchRaw(base, `/api/posts/${id}`)).status).toBe(404);
  });

  it('sends a member’s own answer to no other member and no visitor, and stops when they are banned or sign out', async () => {
    const [liker, other, leaving] = [await insertMember(a), await insertMember(a), await insertMember(a)];
    const staff = await insertMember(a);
    await makeStaff(a, staff.me.id);
    const id = await insertPost(a, { userId: other.me.id });
    for (const m of [liker, leaving]) await post(a, `/api/posts/${id}/like`, m.cookie);
    await caughtUp();

    for (const path of ['/api/posts', `/api/posts/${id}`]) {
      const mine = (x: Answer) => (path === '/api/posts' ? listed(x, id) : json(x));
      expect(mine((await twice(path, { cookie: liker.cookie })).second)).toMatchObject({ liked: true });
      expect(mine((await twice(path, { cookie: other.cookie })).second)).toMatchObject({ liked: false });
      expect(mine((await twice(path)).second)).toMatchObject({ liked: false });
      expect(mine((await twice(path, { cookie: leaving.cookie })).second)).toMatchObject({ liked: true });
    }

    // Banned through the other instance: a banned member reads as a visitor, at once.
    expect((await post(a, `/api/admin/users/${liker.me.id}/ban`, staff.cookie, { reason: 'Spam' })).statusCode).toBe(
      200,
    );
    await caughtUp();
    expect(listed(await fetchRaw(base, '/api/posts', { cookie: liker.cookie }), id)).toMatchObject({ liked: false });
    expect(json(await fetchRaw(base, `/api/posts/${id}`, { cookie: liker.cookie }))).toMatchObject({ liked: false });

    // Signed out through the other instance: the old cookie is a visitor's, at once.
    expect(
      (
        await a.app.inject({
          method: 'POST',
          url: '/api/account/sign-out',
          headers: { origin: ORIGIN, cookie: leaving.cookie },
        })
      ).statusCode,
    ).toBe(200);
    await caughtUp();
    expect(listed(await fetchRaw(base, '/api/posts', { cookie: leaving.cookie }), id)).toMatchObject({ liked: false });
    expect(json(await fetchRaw(base, `/api/posts/${id}`, { cookie: leaving.cookie }))).toMatchObject({ liked: false });
  });

  it('lets Fastify answer once a session is past the age at which its cookie is re-issued', async () => {
    const member = await insertMember(a);
    await a.app.services.database.pool.query(
      `UPDATE sessions SET expires_at = now() + interval '28 days' WHERE user_id = $1`,
      [member.me.id],
    );
    expect((await twice('/api/posts', { cookie: member.cookie })).second.headers['set-cookie']).toBeUndefined();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 25 * 3600_000 });
    try {
      const before = replayed();
      const refreshed = await fetchRaw(base, '/api/posts', { cookie: member.cookie });
      expect(replayed()).toBe(before);
      expect(String(refreshed.headers['set-cookie'])).toContain('fenestra.session_token=');
    } finally {
      vi.useRealTimers();
    }
  });

  it('never replays while the event feed is away', async () => {
    await twice('/api/posts');
    const listener = b.app.services.events.listener;
    const listening = listener.listening;
    listener.listening = () => false;
    try {
      const before = replayed();
      await fetchRaw(base, '/api/posts');
      expect(replayed()).toBe(before);
    } finally {
      listener.listening = listening;
    }
  });
});

describe('replayed pages', () => {
  const webDist = fileURLToPath(new URL('../../web/dist', import.meta.url));
  const indexFile = path.join(webDist, 'index.html');
  let t: TestApp;
  let base: string;
  let id: string;

  beforeAll(async () => {
    buildWebIfNeeded();
    t = await createTestApp({ WEB_DIST: webDist });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    id = await insertPost(t, {
      userId: (await insertMember(t)).me.id,
      status: 'open',
      title: 'Casement operator strips its gear',
    });
    // Its event has dropped what it changes (a fill it overlapped would not be stored).
    await t.app.services.events.listener.sync();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('replays a visitor’s page only while it is still this build’s', async () => {
    const replayed = () => t.app.services.replay.stats.replayed;
    const path = `/post/${id}`;
    const first = await fetchRaw(base, path, { 'accept-encoding': 'br' });
    const second = await fetchRaw(base, path, { 'accept-encoding': 'br' });
    expect(replayed()).toBe(1);
    expect(second.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(lasting(second.headers)).toEqual(lasting(first.headers));
    expect(decoded(second).toString()).toContain('Casement operator strips its gear');

    // A new build (index.html replaced) is Fastify's to serve at once.
    const { atime, mtime } = statSync(indexFile);
    try {
      utimesSync(indexFile, atime, new Date(mtime.getTime() + 60_000));
      expect((await fetchRaw(base, path, { 'accept-encoding': 'br' })).status).toBe(200);
      expect(replayed()).toBe(1);
    } finally {
      utimesSync(indexFile, atime, mtime);
    }
  });
});
