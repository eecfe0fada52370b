import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { MSG, SITE_SETTINGS_DEFAULTS, SITE_SETTINGS_LIMITS } from '@fenestra/shared';
import { createTestApp, freshDatabase, insertMember, multipart, ORIGIN, type TestApp } from './helpers.js';
import { EventStream } from './event-stream.js';
import { ask, askBody } from './post-fixtures.js';

// /admin/settings (issue 30): validated by the shared contracts, applied live on every instance through the event
// table, logged with before and after; the environment wins where it is set.

// The rate limits are the page's here (the test helper otherwise fixes them by environment).
const OPEN_LIMITS = {
  RATE_LIMIT_AUTH: '',
  RATE_LIMIT_UPLOADS: '',
  RATE_LIMIT_POSTS: '',
  RATE_LIMIT_REPLIES: '',
  RATE_LIMIT_PREVIEWS: '',
};

async function withRole(t: TestApp, role: 'admin' | 'moderator') {
  const member = await insertMember(t);
  await t.app.services.database.pool.query('INSERT INTO user_roles (user_id, role) VALUES ($1, $2)', [
    member.me.id,
    role,
  ]);
  return member;
}

const png = (color: string, size = 64) =>
  sharp({ create: { width: size, height: size, channels: 3, background: color } })
    .png()
    .toBuffer();

describe('site settings', () => {
  let a: TestApp;
  let b: TestApp;
  let admin: Awaited<ReturnType<typeof withRole>>;

  const save = (t: TestApp, payload: unknown, cookie = admin.cookie) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: { origin: ORIGIN, cookie },
      payload: payload as Record<string, unknown>,
    });
  const publicConfig = async (t: TestApp) => (await t.app.inject({ method: 'GET', url: '/api/config' })).json();

  beforeAll(async () => {
    const databaseUrl = await freshDatabase();
    // Two instances on one database, as a fleet behind a load balancer.
    a = await createTestApp({ DATABASE_URL: databaseUrl, ...OPEN_LIMITS });
    b = await createTestApp({ DATABASE_URL: databaseUrl, AUTH_SECRET: a.config.authSecret!, ...OPEN_LIMITS });
    admin = await withRole(a, 'admin');
  }, 60_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('says how to make the first admin until one exists', async () => {
    const empty = await createTestApp();
    try {
      expect((await publicConfig(empty)).needsFirstAdmin).toBe(true);
      await withRole(empty, 'admin');
      expect((await publicConfig(empty)).needsFirstAdmin).toBe(false);
    } finally {
      await empty.close();
    }
  });

  it('is for admins alone: visitors 401, members and moderators 403', async () => {
    const member = await insertMember(a);
    const moderator = await withRole(a, 'moderator');
    for (const method of ['GET', 'PUT'] as const) {
      const ask = (cookie?: string) =>
        a.app.inject({
          method,
          url: '/api/admin/settings',
          headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
          ...(method === 'PUT' ? { payload: { siteName: 'Taken over' } } : {}),
        });
      expect((await ask()).statusCode).toBe(401);
      expect((await ask(member.cookie)).statusCode).toBe(403);
      const refused = await ask(moderator.cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(MSG.onlyAdminsSettings);
    }
    expect((await publicConfig(a)).siteName).toBe(SITE_SETTINGS_DEFAULTS.siteName);
  });

  it('refuses bad values with the product’s words, and saves nothing', async () => {
    const cases: [unknown, string, string][] = [
      [{ siteName: '   ' }, 'siteName', MSG.siteNameRequired],
      [{ siteName: 'x'.repeat(61) }, 'siteName', MSG.siteNameTooLong(60)],
      [{ accentColor: 'blue' }, 'accentColor', MSG.accentColorFormat],
      [{ footerLinks: [{ label: 'Shop', url: 'javascript:alert(1)' }] }, 'footerLinks', MSG.footerLinkUrl],
      [{ rateLimitAuth: 0 }, 'rateLimitAuth', MSG.settingWholeNumber(SITE_SETTINGS_LIMITS.rateLimit)],
    ];
    for (const [payload, field, message] of cases) {
      const res = await save(a, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ message, field: expect.stringContaining(field) });
    }
    // Too light for white button text, and too dark for the dark theme's background.
    const pale = await save(a, { accentColor: '#93c5fd' });
    expect(pale.statusCode).toBe(400);
    expect(pale.json().message).toMatch(/White text on #93c5fd has a contrast of 1\.\d\d:1; it needs 4\.5:1/);
    const dark = await save(a, { accentColor: '#1e3a8a' });
    expect(dark.statusCode).toBe(400);
    expect(dark.json().message).toMatch(/against the dark theme's background; it needs 3:1/);
    expect((await save(a, { nonsense: 1 })).statusCode).toBe(400);
    expect((await publicConfig(a)).accentColor).toBeNull();
  });

  it('applies a change live on the other instance, and logs before and after', async () => {
    await b.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await EventStream.open(`http://127.0.0.1:${(b.app.server.address() as AddressInfo).port}`);
    try {
      const res = await save(a, {
        siteName: 'Sash & Sill',
        siteDescription: 'Window hardware, answered.',
        accentColor: '#2563EB',
        footerLinks: [{ label: 'Shop', url: 'https://shop.example.com' }],
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().settings).toMatchObject({ siteName: 'Sash & Sill', accentColor: '#2563eb' });
      // A visitor's stream on the other instance hears it, and that instance then answers with the new values.
      await stream.next('settings.changed');
      expect(await publicConfig(b)).toMatchObject({
        siteName: 'Sash & Sill',
        siteDescription: 'Window hardware, answered.',
        accentColor: '#2563eb',
        footerLinks: [{ label: 'Shop', url: 'https://shop.example.com' }],
      });
      // The installable app's manifest carries the name and accent too (the build's file, changed as it is sent).
      mkdirSync(b.config.webDist, { recursive: true });
      writeFileSync(
        path.join(b.config.webDist, 'manifest.webmanifest'),
        JSON.stringify({ name: 'Fenestra: help', short_name: 'Fenestra', theme_color: '#1d4ed8', start_url: '/' }),
      );
      const manifest = await b.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
      expect(manifest.headers['content-type']).toContain('application/manifest+json');
      expect(manifest.json()).toEqual({
        name: 'Sash & Sill',
        short_name: 'Sash & Sill',
        description: 'Window hardware, answered.',
        theme_color: '#2563eb',
        start_url: '/',
      });
    } finally {
      stream.close();
    }
    const { rows } = await a.app.services.database.pool.query(
      "SELECT actor_id, details, reason FROM moderation_log WHERE action = 'settings_change'",
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].actor_id).toBe(admin.me.id);
    expect(rows[0].details).toEqual({
      before: {
        siteName: 'Fenestra',
        siteDescription: SITE_SETTINGS_DEFAULTS.siteDescription,
        accentColor: null,
        footerLinks: [],
      },
      after: {
        siteName: 'Sash & Sill',
        siteDescription: 'Window hardware, answered.',
        accentColor: '#2563eb',
        footerLinks: [{ label: 'Shop', url: 'https://shop.example.com' }],
      },
    });
    expect(rows[0].reason).toContain('Site name: “Fenestra” → “Sash & Sill”');
    // Saving the same values again changes nothing and logs nothing.
    expect((await save(a, { siteName: 'Sash & Sill' })).statusCode).toBe(200);
    const again = await a.app.services.database.pool.query(
      "SELECT count(*)::int AS n FROM moderation_log WHERE action = 'settings_change'",
    );
    expect(again.rows[0].n).toBe(1);
  });

  it('changes a rate limit on every instance at once', async () => {
    expect((await save(a, { rateLimitAuth: 2 })).statusCode).toBe(200);
    await b.app.services.events.listener.sync();
    const attempt = () =>
      b.app.inject({
        method: 'POST',
        url: '/api/account/sign-in',
        headers: { origin: ORIGIN },
        payload: { email: 'nobody@example.com', password: 'Wrong-Guess1' },
      });
    expect((await attempt()).statusCode).toBe(401);
    expect((await attempt()).statusCode).toBe(401);
    expect((await attempt()).statusCode).toBe(429);
    expect((await save(a, { rateLimitAuth: 1000 })).statusCode).toBe(200);
  });

  it("turns issue 26's switches and the flags' threshold on every instance", async () => {
    const trusted = await insertMember(b, { trustLevel: 2 });
    const first = await ask(b, trusted.cookie, askBody());
    expect(first.json()).toMatchObject({ status: 'pending' });
    expect((await save(a, { autoApproveTrusted: true, flagHideThreshold: 5 })).statusCode).toBe(200);
    await b.app.services.events.listener.sync();
    const second = await ask(b, trusted.cookie, askBody());
    expect(second.json()).toMatchObject({ status: 'open' });
    expect((await save(a, { autoApproveTrusted: 'maybe' })).statusCode).toBe(400);
    expect((await save(a, { flagHideThreshold: 0 })).statusCode).toBe(400);
    expect((await save(a, { autoApproveTrusted: false, flagHideThreshold: 3 })).statusCode).toBe(200);
  });

  it('stores the logo like an avatar, and leaves no file behind when it is replaced', async () => {
    const upload = async (cookie: string, purpose: string, color: string) => {
      const form = await multipart([
        ['purpose', purpose],
        ['files', await png(color), 'logo.png'],
      ]);
      return a.app.inject({
        method: 'POST',
        url: '/api/uploads/images',
        headers: { origin: ORIGIN, cookie, 'content-type': form.contentType },
        payload: form.payload,
      });
    };
    const member = await insertMember(a);
    const refused = await upload(member.cookie, 'logo', '#ff0000');
    expect(refused.statusCode).toBe(403);

    const first = (await upload(admin.cookie, 'logo', '#ff0000')).json().files[0];
    expect((await save(a, { logo: { uploadId: first.id } })).statusCode).toBe(200);
    // The other instance answers from its settings once the change's event reaches it (a CI run read it before).
    await b.app.services.events.listener.sync();
    const shown = (await publicConfig(b)).logoUrl as string;
    expect(shown).toBe(first.publicUrl);
    const fileOf = (url: string) => path.join(a.config.dataDir, 'uploads', url.replace(/^\/media\//, ''));
    expect(existsSync(fileOf(shown))).toBe(true);
    expect((await a.app.inject({ method: 'GET', url: shown })).statusCode).toBe(200);
    // The upload is the settings' now: used twice, it is refused.
    expect((await save(a, { favicon: { uploadId: first.id } })).statusCode).toBe(400);

    const second = (await upload(admin.cookie, 'logo', '#00ff00')).json().files[0];
    expect((await save(a, { logo: { uploadId: second.id } })).statusCode).toBe(200);
    expect(existsSync(fileOf(shown))).toBe(false);
    expect((await publicConfig(a)).logoUrl).toBe(second.publicUrl);
    expect((await save(a, { logo: null })).statusCode).toBe(200);
    expect(existsSync(fileOf(second.publicUrl))).toBe(false);
    expect((await publicConfig(a)).logoUrl).toBeNull();
  });
});

describe('site settings fixed by the environment', () => {
  it('win over what admins saved, and the page says which', async () => {
    const databaseUrl = await freshDatabase();
    const page = await createTestApp({ DATABASE_URL: databaseUrl });
    const fixed = await createTestApp({
      DATABASE_URL: databaseUrl,
      SITE_NAME: 'Glazing Guild',
      AUTO_APPROVE_TRUSTED: 'true',
    });
    try {
      const admin = await withRole(page, 'admin');
      const saved = await page.app.inject({
        method: 'PUT',
        url: '/api/admin/settings',
        headers: { origin: ORIGIN, cookie: admin.cookie },
        payload: { siteName: 'From the page' },
      });
      expect(saved.statusCode).toBe(200);
      await fixed.app.services.events.listener.sync();
      expect((await fixed.app.inject({ method: 'GET', url: '/api/config' })).json().siteName).toBe('Glazing Guild');
      const read = await fixed.app.inject({
        method: 'GET',
        url: '/api/admin/settings',
        headers: { cookie: admin.cookie },
      });
      expect(read.json().fixedByEnv).toMatchObject({
        siteName: 'SITE_NAME',
        rateLimitAuth: 'RATE_LIMIT_AUTH',
        autoApproveTrusted: 'AUTO_APPROVE_TRUSTED',
      });
      expect(read.json().settings.autoApproveTrusted).toBe(true);
      expect(read.json().fixedByEnv).not.toHaveProperty('requireEmailVerification');
      expect(read.json().settings.siteName).toBe('Glazing Guild');
      const refused = await fixed.app.inject({
        method: 'PUT',
        url: '/api/admin/settings',
        headers: { origin: ORIGIN, cookie: admin.cookie },
        payload: { siteName: 'Another' },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(MSG.settingFixedByEnv('Site name', 'SITE_NAME'));
    } finally {
      await fixed.close();
      await page.close();
    }
  });

  it('stops the start with the variable’s name when its value is bad', async () => {
    const { loadConfig } = await import('../src/config/env.js');
    expect(() => loadConfig({ ACCENT_COLOR: '#ffff00' })).toThrow(/ACCENT_COLOR: White text on #ffff00/);
  });
});
