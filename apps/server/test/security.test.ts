import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { MSG } from '@fenestra/shared';
import { createTestApp, cookieFrom, signUpMember, ORIGIN, type TestApp } from './helpers.js';
import { setCookiesOf } from './cookie-jar.js';

const usersWithEmail = async (t: TestApp, email: string) =>
  (await t.app.services.database.pool.query('SELECT 1 FROM users WHERE email = $1', [email])).rowCount;
const meOf = async (t: TestApp, cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json().me;

describe('security', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  describe('same-origin rule for state-changing requests', () => {
    const signUp = (email: string, headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/account/sign-up',
        headers,
        payload: { email, password: 'Correct-Horse9' },
      });

    it.each([
      ['another Origin', { origin: 'https://evil.example' }],
      ['no Origin or Referer', {}],
      ['a Referer from another site', { referer: 'https://evil.example/page' }],
      ['an Origin that only shares the host', { origin: 'https://localhost:3000' }],
      ['the literal null Origin', { origin: 'null' }],
      ['a Referer that is not a URL', { referer: 'not a url' }],
    ])('refuses a request with %s, and nothing happens', async (_case, headers) => {
      const email = `csrf-${Date.now()}-${Math.random()}@example.com`;
      const res = await signUp(email, headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: 'FORBIDDEN_ORIGIN', message: MSG.forbiddenOrigin });
      expect(setCookiesOf(res)).toEqual([]);
      expect(await usersWithEmail(t, email)).toBe(0);
    });

    it("accepts the forum's own Origin, or its Referer when Origin is absent", async () => {
      const byOrigin = `same-origin-${Date.now()}@example.com`;
      expect((await signUp(byOrigin, { origin: ORIGIN })).statusCode).toBe(200);
      const byReferer = `same-referer-${Date.now()}@example.com`;
      expect((await signUp(byReferer, { referer: `${ORIGIN}/auth?tab=signup` })).statusCode).toBe(200);
      expect(await usersWithEmail(t, byOrigin)).toBe(1);
      expect(await usersWithEmail(t, byReferer)).toBe(1);
    });

    it('applies the rule however the path is spelled', async () => {
      const email = `encoded-${Date.now()}@example.com`;
      const res = await t.app.inject({
        method: 'POST',
        url: '/%61pi/account/sign-up',
        headers: { origin: 'https://evil.example' },
        payload: { email, password: 'Correct-Horse9' },
      });
      expect(res.statusCode).toBe(403);
      expect(await usersWithEmail(t, email)).toBe(0);
    });

    it('keeps a member signed in when another site posts sign-out with their cookie', async () => {
      const member = await signUpMember(t.app);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/account/sign-out',
        headers: { origin: 'https://evil.example', cookie: member.cookie },
      });
      expect(res.statusCode).toBe(403);
      expect(await meOf(t, member.cookie)).toMatchObject({ id: member.me.id });
    });

    it('does not change a password for another site', async () => {
      const member = await signUpMember(t.app);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/account/change-password',
        headers: { origin: 'https://evil.example', cookie: member.cookie },
        payload: { currentPassword: member.password, newPassword: 'Hijacked-Pass1' },
      });
      expect(res.statusCode).toBe(403);
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/account/sign-in',
        headers: { origin: ORIGIN },
        payload: { email: member.email, password: member.password },
      });
      expect(signIn.statusCode).toBe(200);
    });

    it('lets reads through without an Origin', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/config' })).statusCode).toBe(200);
    });
  });

  describe('headers', () => {
    it('sends a strict Content-Security-Policy and nosniff', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/config' });
      const csp = String(res.headers['content-security-policy']);
      const directives = new Map(
        csp
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .map(([name, ...values]) => [name, values]),
      );
      expect(directives.get('script-src')).toEqual(["'self'"]);
      expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
      expect(directives.get('object-src')).toEqual(["'none'"]);
      // No other site's picture is loaded: link preview pictures are served from our origin.
      expect(directives.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
    });

    it('tags every response with x-request-id, and error bodies with the same id', async () => {
      const responses = await Promise.all([
        t.app.inject({ method: 'GET', url: '/api/config' }),
        t.app.inject({ method: 'GET', url: '/api/no-such-thing' }),
        t.app.inject({
          method: 'POST',
          url: '/api/account/sign-in',
          headers: { origin: 'https://evil.example' },
          payload: {},
        }),
        t.app.inject({
          method: 'POST',
          url: '/api/account/sign-in',
          headers: { origin: ORIGIN },
          payload: { email: 'x' },
        }),
        t.app.inject({ method: 'POST', url: '/api/account/change-password', headers: { origin: ORIGIN }, payload: {} }),
        t.app.inject({
          method: 'POST',
          url: '/api/account/sign-in',
          headers: { origin: ORIGIN, 'content-type': 'application/json' },
          payload: '{not json',
        }),
      ]);
      const ids = responses.map((r) => r.headers['x-request-id']);
      for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(new Set(ids).size).toBe(ids.length);
      expect(responses.map((r) => r.statusCode)).toEqual([200, 404, 403, 400, 401, 400]);
      for (const res of responses.slice(1)) expect(res.json().requestId).toBe(res.headers['x-request-id']);
    });
  });

  describe('a server failure', () => {
    it('answers 500 with a plain message, the request id, and no internals', async () => {
      const broken = await createTestApp();
      try {
        // The database loses a table the sign-in needs: a real failure, not a mock.
        await broken.app.services.database.pool.query('ALTER TABLE users RENAME TO users_gone');
        const res = await broken.app.inject({
          method: 'POST',
          url: '/api/account/sign-in',
          headers: { origin: ORIGIN },
          payload: { email: 'someone@example.com', password: 'Correct-Horse9' },
        });
        expect(res.statusCode).toBe(500);
        const body = res.json();
        expect(body).toEqual({
          error: 'INTERNAL',
          message: 'Something went wrong on our side. Please try again.',
          statusCode: 500,
          requestId: res.headers['x-request-id'],
        });
        expect(res.body).not.toMatch(/users|relation|select|stack|at /i);
      } finally {
        await broken.app.services.database.pool.query('ALTER TABLE users_gone RENAME TO users');
        await broken.close();
      }
    });
  });

  describe('rate limit on the account endpoints', () => {
    it('answers the 11th failed sign-in in a window with 429', async () => {
      const limited = await createTestApp({ RATE_LIMIT_AUTH: '10' });
      try {
        expect(limited.config.rateLimit).toMatchObject({ auth: 10, windowSeconds: 60 });
        const member = await signUpMember(limited.app);
        const attempt = (password: string) =>
          limited.app.inject({
            method: 'POST',
            url: '/api/account/sign-in',
            headers: { origin: ORIGIN },
            payload: { email: member.email, password },
          });
        for (let i = 0; i < 10; i++) expect((await attempt(`Wrong-Guess${i}`)).statusCode).toBe(401);
        const eleventh = await attempt('Wrong-Guess10');
        expect(eleventh.statusCode).toBe(429);
        expect(eleventh.json()).toMatchObject({
          error: 'TOO_MANY_REQUESTS',
          message: MSG.tooManyRequests,
          requestId: eleventh.headers['x-request-id'],
        });
        expect(eleventh.headers['retry-after']).toBeDefined();
        // Even the right password waits for the window.
        expect((await attempt(member.password)).statusCode).toBe(429);
        // Other endpoints count on their own.
        const forgot = await limited.app.inject({
          method: 'POST',
          url: '/api/account/forgot-password',
          headers: { origin: ORIGIN },
          payload: { email: member.email },
        });
        expect(forgot.statusCode).toBe(200);
      } finally {
        await limited.close();
      }
    });
  });

  describe('banned members', () => {
    const ban = (userId: string, reason: string, until: string | null) =>
      t.app.services.database.pool.query(
        `UPDATE profiles SET status = 'banned', ban_reason = $2, ban_until = $3::timestamptz WHERE id = $1`,
        [userId, reason, until],
      );
    const signIn = (email: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/account/sign-in',
        headers: { origin: ORIGIN },
        payload: { email, password },
      });

    it('cannot act as a member, look signed in, or sign in again', async () => {
      const member = await signUpMember(t.app);
      const until = new Date(Date.now() + 7 * 24 * 3600 * 1000);
      await ban(member.me.id, 'Spamming links', until.toISOString());

      const change = await t.app.inject({
        method: 'POST',
        url: '/api/account/change-password',
        headers: { origin: ORIGIN, cookie: member.cookie },
        payload: { currentPassword: member.password, newPassword: 'Another-Pass1' },
      });
      expect(change.statusCode).toBe(403);
      expect(change.json()).toMatchObject({ error: 'BANNED' });

      expect(await meOf(t, member.cookie)).toBeNull();

      const res = await signIn(member.email, member.password);
      expect(res.statusCode).toBe(403);
      const message = MSG.bannedSignIn('Spamming links', until.toISOString().slice(0, 10));
      expect(res.json()).toMatchObject({ error: 'BANNED', message });
      expect(message).toContain('Spamming links');
      expect(message).toContain(until.toISOString().slice(0, 10));
      expect(setCookiesOf(res).filter((c) => c.startsWith('fenestra.session_token=') && !/Max-Age=0/i.test(c))).toEqual(
        [],
      );
      // The refused sign-in leaves no session behind.
      const sessions = await t.app.services.database.pool.query('SELECT 1 FROM sessions WHERE user_id = $1', [
        member.me.id,
      ]);
      expect(sessions.rowCount).toBe(1); // only the one from sign-up
    });

    it('says a permanent ban has no end date', async () => {
      const member = await signUpMember(t.app);
      await ban(member.me.id, 'Abusive', null);
      const res = await signIn(member.email, member.password);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(MSG.bannedSignIn('Abusive', null));
    });

    it('lifts an expired timed ban at sign-in', async () => {
      const member = await signUpMember(t.app);
      await ban(member.me.id, 'Cooling off', new Date(Date.now() - 60_000).toISOString());
      const res = await signIn(member.email, member.password);
      expect(res.statusCode).toBe(200);
      expect(await meOf(t, cookieFrom(res))).toMatchObject({ id: member.me.id });
      const { rows } = await t.app.services.database.pool.query(
        'SELECT status, ban_reason, ban_until FROM profiles WHERE id = $1',
        [member.me.id],
      );
      expect(rows[0]).toEqual({ status: 'active', ban_reason: null, ban_until: null });
    });
  });

  describe('forged sessions', () => {
    it.each([
      ['an unknown cookie', 'fenestra.session_token=not-a-real-token'],
      [
        'a cookie with a forged signature',
        'fenestra.session_token=abcdefghijklmnopqrstuvwxyz012345.Zm9yZ2VkLXNpZ25hdHVyZS1mb3JnZWQtc2ln',
      ],
    ])('treats %s as a visitor', async (_case, cookie) => {
      const change = await t.app.inject({
        method: 'POST',
        url: '/api/account/change-password',
        headers: { origin: ORIGIN, cookie },
        payload: { currentPassword: 'Correct-Horse9', newPassword: 'Another-Pass1' },
      });
      expect(change.statusCode).toBe(401);
      expect(change.json()).toMatchObject({ error: 'UNAUTHORIZED' });
      expect(await meOf(t, cookie)).toBeNull();
    });

    it('does not accept a real token without its signature', async () => {
      const member = await signUpMember(t.app);
      const { rows } = await t.app.services.database.pool.query<{ token: string }>(
        'SELECT token FROM sessions WHERE user_id = $1',
        [member.me.id],
      );
      const unsigned = `fenestra.session_token=${rows[0]!.token}`;
      expect(await meOf(t, unsigned)).toBeNull();
    });
  });

  describe('headers', () => {
    it('turns off browser features the forum never uses, on pages and API answers', async () => {
      for (const url of ['/', '/api/posts', '/api/me']) {
        const policy = String((await t.app.inject({ method: 'GET', url })).headers['permissions-policy']);
        expect(policy).toContain('camera=()');
        expect(policy).toContain('geolocation=()');
        expect(policy).toContain('microphone=()');
      }
    });

    it("lets nobody keep a copy of a member's own data", async () => {
      const member = await signUpMember(t.app);
      const staff = await signUpMember(t.app);
      await t.app.services.database.pool.query("INSERT INTO user_roles (user_id, role) VALUES ($1, 'admin')", [
        staff.me.id,
      ]);
      const cacheOf = async (url: string, cookie?: string) =>
        (await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })).headers['cache-control'];
      expect(await cacheOf('/api/me', member.cookie)).toBe('private, no-store');
      expect(await cacheOf('/api/bookmarks', member.cookie)).toBe('private, no-store');
      expect(await cacheOf(`/api/users/${member.me.username}/bookmarks`, member.cookie)).toBe('private, no-store');
      expect(await cacheOf('/api/posts?scope=mine', member.cookie)).toBe('private, no-store');
      expect(await cacheOf('/api/settings', member.cookie)).toBe('private, no-store');
      expect(await cacheOf('/api/admin/stats', staff.cookie)).toBe('private, no-store');
      expect(await cacheOf('/api/admin/pending', staff.cookie)).toBe('private, no-store');
      expect(await cacheOf('/api/admin/pending', member.cookie)).toBe('private, no-store');
      // The public list is the same for everyone: no such rule.
      expect(await cacheOf('/api/posts')).toBe('no-cache');
    });
  });

  describe('reserved usernames', () => {
    const RESERVED = ['unknown', 'Admin', 'MODERATOR', 'system', 'Fenestra', 'support'];
    // The family of each: longer forms, plurals, separators, digits and lookalike digits.
    RESERVED.push('administrator', 'Admins', 'sys_admin', 'adm1n', 'admin2', 'moderators', 'fenestra-team', 'root');

    it.each(RESERVED)('refuses %s at sign-up as taken', async (username) => {
      const email = `reserved-${username}-${Date.now()}@example.com`;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/account/sign-up',
        headers: { origin: ORIGIN },
        payload: { email, password: 'Correct-Horse9', username },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ message: MSG.usernameTaken, field: 'username' });
      expect(await usersWithEmail(t, email)).toBe(0);
    });

    it('refuses them in settings as taken', async () => {
      const member = await signUpMember(t.app);
      for (const username of RESERVED) {
        const res = await t.app.inject({
          method: 'PATCH',
          url: '/api/settings/profile',
          headers: { origin: ORIGIN, cookie: member.cookie },
          payload: { username },
        });
        expect(res.statusCode).toBe(409);
        expect(res.json()).toMatchObject({ message: MSG.usernameTaken });
      }
      expect((await meOf(t, member.cookie)).username).toBe(member.me.username);
    });

    it('never derives one from an email: admin@ and administrator@ become member names', async () => {
      const names: string[] = [];
      for (const local of ['admin', 'Support', 'administrator']) {
        const signed = await signUpMember(t.app, { email: `${local}@reserved-${Date.now()}.example` });
        names.push(signed.me.username);
      }
      expect(names).toEqual(['member', 'member2', 'member3']);
    });

    it('lets a member who holds a reserved name (the demo admin) keep it when saving settings', async () => {
      const holder = await signUpMember(t.app);
      await t.app.services.database.pool.query('UPDATE profiles SET username = $1 WHERE id = $2', [
        'fenestra-admin',
        holder.me.id,
      ]);
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/settings/profile',
        headers: { origin: ORIGIN, cookie: holder.cookie },
        payload: { username: 'fenestra-admin', bio: 'Keeps the place clean.' },
      });
      expect(res.statusCode).toBe(200);
      expect((await meOf(t, holder.cookie)).username).toBe('fenestra-admin');
    });
  });
});
