import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { linkPreviewSchema } from '@fenestra/shared';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { createTestApp, failingOn, signUpMember, ORIGIN, type TestApp } from './helpers.js';
import { REFUSED_LINKS, startLinkPages, type LinkPages } from './link-pages.js';
import { linkPreviewsService } from '../src/modules/link-previews/service.js';

let t: TestApp;
let pages: LinkPages;
let cookie: string;

beforeAll(async () => {
  pages = await startLinkPages();
  t = await createTestApp({ RATE_LIMIT_PREVIEWS: '3' }, { linkFetcher: pages.fetcher });
  cookie = (await signUpMember(t.app)).cookie;
});

afterAll(async () => {
  await t?.close();
  await pages?.close();
});

// Each test starts a fresh rate-limit window; one test below proves the limit itself.
beforeEach(async () => {
  await t.app.services.database.pool.query('DELETE FROM rate_limits');
});

const preview = (url: string, headers: Record<string, string> = { cookie }) =>
  t.app.inject({ method: 'POST', url: '/api/link-preview', headers: { origin: ORIGIN, ...headers }, payload: { url } });

describe('POST /api/link-preview', () => {
  it('answers the card a page declares, with our own copy of its picture at most 1200 px wide', async () => {
    const res = await preview(`${pages.origin}/hinge#specs`);
    expect(res.statusCode).toBe(200);
    const card = linkPreviewSchema.parse(res.json());
    expect(card).toMatchObject({
      url: `${pages.origin}/hinge`,
      title: 'Casement hinge, stainless',
      description: 'A 4-hole friction hinge for casement windows.',
      domain: 'pages.test',
    });
    expect(card.image).toMatch(/^\/media\/post-images\/link-previews\/\d+-[0-9a-f]+\.png$/);
    const picture = await t.app.inject({ method: 'GET', url: card.image! });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    const meta = await sharp(picture.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 600]);
    // And its WebP copies, for the card's 96-128 px (decision 016).
    expect(card.imageCopies).toEqual({ width: 1200, height: 600, variantWidths: [160, 320, 640] });
    const copy = await t.app.inject({ method: 'GET', url: card.image!.replace(/\.png$/, '.w160.webp') });
    expect(copy.headers['content-type']).toBe('image/webp');
    expect(await sharp(copy.rawPayload).metadata()).toMatchObject({ width: 160, height: 80 });
    expect(copy.rawPayload.length * 10).toBeLessThan(picture.rawPayload.length);
  });

  it('falls back to the title and description meta tags, and follows a redirect on the same site', async () => {
    expect((await preview(`${pages.origin}/plain`)).json()).toMatchObject({
      title: 'Screen door rollers',
      description: 'Rollers for sliding screens.',
      image: null,
    });
    expect((await preview(`${pages.origin}/to-hinge`)).json()).toMatchObject({
      url: `${pages.origin}/to-hinge`,
      title: 'Casement hinge, stainless',
    });
  });

  it('serves a second request from the cache without fetching again', async () => {
    await preview(`${pages.origin}/plain?cached=1`);
    const before = pages.connections.length;
    expect((await preview(`${pages.origin}/plain?cached=1`)).statusCode).toBe(200);
    expect(pages.connections.length).toBe(before);
  });

  it('gives a card without a picture when the picture is an SVG or sits on a refused address', async () => {
    expect((await preview(`${pages.origin}/svg-card`)).json()).toMatchObject({ title: 'Drawn hinge', image: null });
    expect((await preview(`${pages.origin}/private-picture`)).json()).toMatchObject({
      title: 'Hinge with a sneaky picture',
      image: null,
    });
  });

  it('gives no preview for a page without a title, a page that is not HTML, or a missing page', async () => {
    for (const path of ['/untitled', '/json', '/missing'])
      expect((await preview(`${pages.origin}${path}`)).statusCode).toBe(204);
  });

  it('is for members only, and checks its input', async () => {
    expect((await preview(`${pages.origin}/hinge`, {})).statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/link-preview',
      headers: { origin: ORIGIN, cookie },
      payload: {},
    });
    expect(res.statusCode).toBe(400);
  });

  it('is rate limited by RATE_LIMIT_PREVIEWS', async () => {
    for (let i = 0; i < 3; i++) expect((await preview(`${pages.origin}/plain`)).statusCode).toBe(200);
    expect((await preview(`${pages.origin}/plain`)).statusCode).toBe(429);
  });
});

describe('the guard', () => {
  // Each gives a clean 'no preview': the request succeeds with nothing to show.
  it.each(REFUSED_LINKS)('refuses %s', async (_, url) => {
    const before = pages.connections.length;
    expect((await preview(url)).statusCode).toBe(204);
    expect(pages.connections.length).toBe(before);
  });

  it.each([
    ['the metadata address', '/to-metadata'],
    ['a name resolving to a private address', '/to-internal-name'],
    ['loopback on a port that is not allow-listed', '/to-loopback-port'],
    ['a file: URL', '/to-file'],
    ['a fourth hop', '/hop1'],
  ])('refuses an allow-listed page that redirects to %s', async (_, path) => {
    expect((await preview(`${pages.origin}${path}`)).statusCode).toBe(204);
  });

  it('looks a name up once and connects to exactly the address it checked (no DNS rebinding)', async () => {
    // rebind.test answers loopback once, then 127.0.0.2 where nothing listens: a second lookup would fail.
    const res = await preview(`http://rebind.test:${pages.port}/plain`);
    expect(res.json()).toMatchObject({ title: 'Screen door rollers' });
    expect(pages.lookups.filter((h) => h === 'rebind.test')).toHaveLength(1);
    expect(pages.connections.at(-1)).toBe(`127.0.0.1:${pages.port}`);
  });

  it('refuses a 3 MB page, streamed or declared', async () => {
    expect((await preview(`${pages.origin}/three-megabytes`)).statusCode).toBe(204);
    expect((await preview(`${pages.origin}/declared-huge`)).statusCode).toBe(204);
  });

  it('gives up on a page that never finishes when the time limit passes', async () => {
    // slow.test is this site behind a 150 ms limit instead of 5 s (the limit is injected, not waited out).
    expect((await preview(`http://slow.test:${pages.port}/never-finishes`)).statusCode).toBe(204);
    expect(pages.hits.get('/never-finishes')).toBe(1);
  });

  it('never connected anywhere but the allow-listed site on loopback', () => {
    expect(pages.connections.length).toBeGreaterThan(0);
    expect(new Set(pages.connections)).toEqual(new Set([`127.0.0.1:${pages.port}`]));
  });
});

describe('the cache', () => {
  const service = () => {
    const s = t.app.services;
    return linkPreviewsService({ db: s.database.db, storage: s.storage, media: s.media, fetcher: pages.fetcher });
  };
  const HOUR = 60 * 60 * 1000;

  it('keeps a card for a day, then refetches; a failed refetch keeps the old card and retries after an hour', async () => {
    const link = `${pages.origin}/hinge?refetch=1`;
    const start = new Date('2026-01-01T00:00:00Z');
    const first = await service().preview(link, start);
    expect(first?.title).toBe('Casement hinge, stainless');
    const hitsAfterFirst = pages.hits.get('/hinge')!;

    expect(await service().preview(link, new Date(start.getTime() + 23 * HOUR))).toEqual(first);
    expect(pages.hits.get('/hinge')).toBe(hitsAfterFirst);

    // The page goes away: the refetch fails, the card stays, and the next try waits an hour.
    const gone = linkPreviewsService({
      db: t.app.services.database.db,
      storage: t.app.services.storage,
      media: t.app.services.media,
      fetcher: { page: async () => ({ card: null, reason: 'status' }), picture: async () => null },
    });
    const afterDay = new Date(start.getTime() + 25 * HOUR);
    expect(await gone.preview(link, afterDay)).toEqual(first);
    const stillCached = await service().preview(link, new Date(afterDay.getTime() + 30 * 60 * 1000));
    expect(stillCached).toEqual(first);
    expect(pages.hits.get('/hinge')).toBe(hitsAfterFirst);

    // An hour later the page is back: the refetch replaces the card and its picture, and drops the old picture.
    const refreshed = await service().preview(link, new Date(afterDay.getTime() + 2 * HOUR));
    expect(refreshed?.image).not.toBe(first?.image);
    expect(pages.hits.get('/hinge')).toBe(hitsAfterFirst + 1);
    expect((await t.app.inject({ method: 'GET', url: first!.image! })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: first!.image!.replace(/\.png$/, '.w320.webp') })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: refreshed!.image! })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: refreshed!.image!.replace(/\.png$/, '.w320.webp') })).statusCode,
    ).toBe(200);
  });

  it('drops a preview no reply uses a day after it was fetched, with its picture', async () => {
    const link = `${pages.origin}/hinge?unused=1`;
    // Earlier than every other test's fetches, so only this preview is old enough to go.
    const start = new Date('2025-02-01T00:00:00Z');
    const card = await service().preview(link, start);
    expect(await service().sweepUnused(new Date(start.getTime() + 23 * HOUR))).toBe(0);
    expect(await service().sweepUnused(new Date(start.getTime() + 25 * HOUR))).toBe(1);
    expect((await t.app.inject({ method: 'GET', url: card!.image! })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: card!.image!.replace(/\.png$/, '.w160.webp') })).statusCode).toBe(
      404,
    );
    const rows = await t.app.services.database.pool.query('SELECT 1 FROM link_previews WHERE url = $1', [link]);
    expect(rows.rowCount).toBe(0);
  });

  it('leaves neither the picture nor a copy behind when a copy cannot be written', async () => {
    const dir = path.join(t.config.dataDir, 'uploads', 'post-images', 'link-previews');
    const stored = () => (existsSync(dir) ? readdirSync(dir).sort() : []);
    const before = stored();
    const s = t.app.services;
    const full = linkPreviewsService({
      db: s.database.db,
      storage: failingOn(s.storage, /\.w320\.webp$/),
      media: s.media,
      fetcher: pages.fetcher,
    });
    await expect(full.preview(`${pages.origin}/hinge?disk=full`)).rejects.toThrow('disk full');
    expect(stored()).toEqual(before);
  });
});
