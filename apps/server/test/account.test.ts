import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { MSG, DEFAULT_EMAIL_PREFERENCES } from '@fenestra/shared';
import { createTestApp, cookieFrom, signUpMember, ORIGIN, type TestApp } from './helpers.js';
import { CookieJar, setCookiesOf } from './cookie-jar.js';

const PASSWORD = 'Correct-Horse9';

/** A plausible address of exactly `length` characters (labels of at most 63). */
function emailOfLength(length: number): string {
  const local = 'a'.repeat(64);
  let domain = 'com';
  while (local.length + 1 + domain.length < length) {
    const need = length - (local.length + 1 + domain.length) - 1;
    domain = `${'b'.repeat(Math.min(63, need))}.${domain}`;
  }
  const email = `${local}@${domain}`;
  if (email.length !== length) throw new Error(`built ${email.length} characters, wanted ${length}`);
  return email;
}

let unique = 0;
const freshEmail = (tag = 'm') => `${tag}${++unique}-${Date.now()}@example.com`;

describe('accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (url: string, payload: object, cookie?: string) =>
    t.app.inject({ method: 'POST', url, payload, headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) } });
  const me = async (cookie: string) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return res.json().me as { id: string; username: string; email: string } | null;
  };
  const query = <R extends object>(sql: string, params: unknown[] = []) =>
    t.app.services.database.pool.query<R & import('pg').QueryResultRow>(sql, params).then((r) => r.rows);

  describe('sign-up', () => {
    it('signs the member in with an httpOnly, SameSite=Lax session cookie and makes their profile', async () => {
      const email = freshEmail('happy');
      const res = await post('/api/account/sign-up', { email, password: PASSWORD, username: 'happy_member' });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.me).toMatchObject({
        email,
        username: 'happy_member',
        role: 'user',
        isStaff: false,
        hasPassword: true,
        avatarUrl: null,
      });

      const session = setCookiesOf(res).find((c) => c.startsWith('fenestra.session_token='));
      expect(session).toBeDefined();
      expect(session).toMatch(/;\s*HttpOnly/i);
      expect(session).toMatch(/;\s*SameSite=Lax/i);
      expect(session).toMatch(/;\s*Path=\//i);

      expect(await me(cookieFrom(res))).toMatchObject({ id: body.me.id, email, username: 'happy_member' });

      const [profile] = await query<{ username: string; email_preferences: unknown; status: string }>(
        'SELECT username, email_preferences, status FROM profiles WHERE id = $1',
        [body.me.id],
      );
      expect(profile).toEqual({
        username: 'happy_member',
        email_preferences: DEFAULT_EMAIL_PREFERENCES,
        status: 'active',
      });
      expect(DEFAULT_EMAIL_PREFERENCES).toEqual({
        mentions: true,
        replies: true,
        approved: true,
        denied: false,
        solved: true,
        banned: true,
        accepted: true,
      });
    });

    it('stores the email lower-cased', async () => {
      const res = await post('/api/account/sign-up', { email: 'Mixed.Case@Example.COM', password: PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.json().me.email).toBe('mixed.case@example.com');
    });

    it('derives the username from the email when none is given, and makes it unique', async () => {
      const first = await signUpMember(t.app, { email: 'Jane.Doe+x@ex.com' });
      expect(first.me.username).toBe('jane-doe-x');
      const second = await signUpMember(t.app, { email: 'jane.doe+x@elsewhere.com', username: '' });
      expect(second.me.username).toBe('jane-doe-x2');
      const third = await signUpMember(t.app, { email: 'JANE.DOE+X@third.com' });
      expect(third.me.username).toBe('jane-doe-x3');
    });

    it('pads a short derived username to 3 characters', async () => {
      const { me: member } = await signUpMember(t.app, { email: 'a@x.com' });
      expect(member.username).toBe('a00');
    });

    it('cuts a long derived username to 30 characters, leaving room for the number', async () => {
      const local = 'l'.repeat(40);
      const first = await signUpMember(t.app, { email: `${local}@one.com` });
      expect(first.me.username).toBe('l'.repeat(30));
      const second = await signUpMember(t.app, { email: `${local}@two.com` });
      expect(second.me.username).toBe(`${'l'.repeat(29)}2`);
    });

    it.each([
      ['email not an address', { email: 'not-an-email' }, MSG.emailInvalid, 'email'],
      ['email of 255 characters', { email: emailOfLength(255) }, MSG.emailInvalid, 'email'],
      ['password of 7 characters', { password: 'Abcde12' }, MSG.passwordMin, 'password'],
      ['password of 101 characters', { password: `Aa1${'x'.repeat(98)}` }, MSG.passwordMax, 'password'],
      ['password without an uppercase letter', { password: 'lowercase123' }, MSG.passwordStrength, 'password'],
      ['password without a lowercase letter', { password: 'UPPERCASE123' }, MSG.passwordStrength, 'password'],
      ['password without a digit', { password: 'NoDigitsHere' }, MSG.passwordStrength, 'password'],
      ['username of 2 characters', { username: 'ab' }, MSG.usernameMin, 'username'],
      ['username of 31 characters', { username: 'u'.repeat(31) }, MSG.usernameMax, 'username'],
      ['username with a space', { username: 'bad name' }, MSG.usernameChars, 'username'],
      ['username with punctuation', { username: 'bad.name!' }, MSG.usernameChars, 'username'],
    ])('refuses a %s with its message', async (_case, over, message, field) => {
      const email = freshEmail('refused');
      const res = await post('/api/account/sign-up', { email, password: PASSWORD, ...over });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'BAD_REQUEST', message, field });
      expect(setCookiesOf(res)).toEqual([]);
      const rows = await query('SELECT 1 FROM users WHERE email = $1', [email]);
      expect(rows).toHaveLength(0);
    });

    it.each([
      ['email of 254 characters', () => ({ email: emailOfLength(254) })],
      ['password of 8 characters', () => ({ password: 'Abcdef12' })],
      ['password of 100 characters', () => ({ password: `Aa1${'x'.repeat(97)}` })],
      ['username of 3 characters', () => ({ username: `u${++unique}`.padEnd(3, '0').slice(0, 3) })],
      ['username of 30 characters', () => ({ username: `u${++unique}`.padEnd(30, '_') })],
      ['username with digits, underscores and hyphens', () => ({ username: `Ok_name-${++unique}` })],
    ])('accepts a %s', async (_case, over) => {
      const body = { email: freshEmail('edge'), password: PASSWORD, ...over() };
      const res = await post('/api/account/sign-up', body);
      expect(res.statusCode, res.body).toBe(200);
      // The member can sign in again with exactly what they signed up with.
      const again = await post('/api/account/sign-in', { email: body.email, password: body.password });
      expect(again.statusCode, again.body).toBe(200);
    });

    it('names the missing field when the email is left out', async () => {
      const res = await post('/api/account/sign-up', { password: PASSWORD });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'BAD_REQUEST', field: 'email' });
    });

    it('refuses an email already registered, ignoring case', async () => {
      await signUpMember(t.app, { email: 'Dup@Example.com' });
      const res = await post('/api/account/sign-up', { email: 'dup@example.COM', password: PASSWORD });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: 'ACCOUNT_EXISTS', message: MSG.accountExistsDetail, field: 'email' });
    });

    it('refuses a username already taken, ignoring case', async () => {
      await signUpMember(t.app, { username: 'JaneRoe' });
      const email = freshEmail('roe');
      const res = await post('/api/account/sign-up', { email, password: PASSWORD, username: 'janeroe' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        error: 'USERNAME_TAKEN',
        message: 'Username is already taken',
        field: 'username',
      });
      expect(await query('SELECT 1 FROM users WHERE email = $1', [email])).toHaveLength(0);
    });
  });

  describe('racing sign-ups', () => {
    const orphans = () =>
      query<{ n: number }>(
        `SELECT
         (SELECT count(*)::int FROM users u WHERE NOT EXISTS (SELECT 1 FROM profiles p WHERE p.id = u.id))
       + (SELECT count(*)::int FROM users u WHERE NOT EXISTS (SELECT 1 FROM accounts a WHERE a.user_id = u.id)) AS n`,
      ).then((rows) => rows[0]!.n);
    const countFor = (emails: string[]) =>
      query<{ users: number; accounts: number; profiles: number }>(
        `SELECT
         (SELECT count(*)::int FROM users WHERE email = ANY($1)) AS users,
         (SELECT count(*)::int FROM accounts a JOIN users u ON u.id = a.user_id WHERE u.email = ANY($1)) AS accounts,
         (SELECT count(*)::int FROM profiles p JOIN users u ON u.id = p.id WHERE u.email = ANY($1)) AS profiles`,
        [emails],
      ).then((rows) => rows[0]!);

    it('lets exactly one of two sign-ups for the same username win, leaving no half-made account', async () => {
      const emails = [freshEmail('race-a'), freshEmail('race-b')];
      const results = await Promise.all(
        emails.map((email) => post('/api/account/sign-up', { email, password: PASSWORD, username: 'RaceWinner' })),
      );
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([200, 409]);
      const loser = results.find((r) => r.statusCode === 409)!;
      expect(loser.json()).toMatchObject({ error: 'USERNAME_TAKEN', message: MSG.usernameTaken });
      expect(await countFor(emails)).toEqual({ users: 1, accounts: 1, profiles: 1 });
      expect(await orphans()).toBe(0);
    });

    it('gives two racing sign-ups with the same derived username different names', async () => {
      const emails = ['same.name@race-one.com', 'same.name@race-two.com'];
      const results = await Promise.all(
        emails.map((email) => post('/api/account/sign-up', { email, password: PASSWORD })),
      );
      expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(results.map((r) => r.json().me.username).sort()).toEqual(['same-name', 'same-name2']);
      expect(await countFor(emails)).toEqual({ users: 2, accounts: 2, profiles: 2 });
      expect(await orphans()).toBe(0);
    });

    it('lets exactly one of two sign-ups for the same email win', async () => {
      const email = freshEmail('twice');
      const results = await Promise.all(
        [email, email.toUpperCase()].map((e) => post('/api/account/sign-up', { email: e, password: PASSWORD })),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(results.find((r) => r.statusCode === 409)!.json()).toMatchObject({ error: 'ACCOUNT_EXISTS' });
      expect(await countFor([email])).toEqual({ users: 1, accounts: 1, profiles: 1 });
      expect(await orphans()).toBe(0);
    });
  });

  describe('sign-in and sign-out', () => {
    it('signs a member in with the right password, whatever the email case', async () => {
      const member = await signUpMember(t.app);
      const res = await post('/api/account/sign-in', { email: member.email.toUpperCase(), password: member.password });
      expect(res.statusCode).toBe(200);
      expect(res.json().me).toMatchObject({ id: member.me.id, username: member.me.username });
      expect(await me(cookieFrom(res))).toMatchObject({ id: member.me.id });
    });

    it('answers 401 to a wrong password or an unknown email, with the same message', async () => {
      const member = await signUpMember(t.app);
      for (const body of [
        { email: member.email, password: 'Wrong-Password1' },
        { email: freshEmail('nobody'), password: member.password },
      ]) {
        const res = await post('/api/account/sign-in', body);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ error: 'INVALID_CREDENTIALS', message: MSG.loginFailedDetail });
        expect(
          setCookiesOf(res).filter((c) => c.startsWith('fenestra.session_token=') && !/Max-Age=0/i.test(c)),
        ).toEqual([]);
      }
    });

    it('asks for a password and a valid email', async () => {
      const noPassword = await post('/api/account/sign-in', { email: freshEmail(), password: '' });
      expect(noPassword.statusCode).toBe(400);
      expect(noPassword.json()).toMatchObject({ message: 'Password is required', field: 'password' });
      const badEmail = await post('/api/account/sign-in', { email: 'nope', password: PASSWORD });
      expect(badEmail.statusCode).toBe(400);
      expect(badEmail.json()).toMatchObject({ message: MSG.emailInvalid, field: 'email' });
    });

    it('ends the session at sign-out: the old cookie no longer signs anyone in', async () => {
      const member = await signUpMember(t.app);
      expect(await me(member.cookie)).toMatchObject({ id: member.me.id });
      const res = await post('/api/account/sign-out', {}, member.cookie);
      expect(res.statusCode).toBe(200);
      const jar = new CookieJar(member.cookie).store(res);
      expect(jar.has('fenestra.session_token')).toBe(false);
      expect(await me(member.cookie)).toBeNull();
    });

    it('answers sign-out without a session calmly', async () => {
      const res = await post('/api/account/sign-out', {});
      expect(res.statusCode).toBe(200);
    });

    it('keeps a session across a server restart on the same database and secret', async () => {
      const first = await createTestApp();
      const member = await signUpMember(first.app);
      const databaseUrl = first.config.databaseUrl!;
      await first.close();

      const restarted = await createTestApp({ DATABASE_URL: databaseUrl });
      try {
        const res = await restarted.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: member.cookie } });
        expect(res.json().me).toMatchObject({ id: member.me.id, username: member.me.username });
      } finally {
        await restarted.close();
      }

      // A different secret cannot read the old cookie.
      const otherSecret = await createTestApp({
        DATABASE_URL: databaseUrl,
        AUTH_SECRET: 'another-secret-another-secret-12345',
      });
      try {
        const res = await otherSecret.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: member.cookie } });
        expect(res.json().me).toBeNull();
      } finally {
        await otherSecret.close();
      }
    });
  });

  describe('change password', () => {
    it('refuses a wrong current password and keeps the old one', async () => {
      const member = await signUpMember(t.app);
      const res = await post(
        '/api/account/change-password',
        { currentPassword: 'Not-The-One1', newPassword: 'Brand-New-Pass2' },
        member.cookie,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: 'Failed to update password. Please check your current password.',
        field: 'currentPassword',
      });
      expect((await post('/api/account/sign-in', { email: member.email, password: member.password })).statusCode).toBe(
        200,
      );
    });

    it('checks the new password with the sign-up rules', async () => {
      const member = await signUpMember(t.app);
      const weak = await post(
        '/api/account/change-password',
        { currentPassword: member.password, newPassword: 'weakpass' },
        member.cookie,
      );
      expect(weak.statusCode).toBe(400);
      expect(weak.json()).toMatchObject({ message: MSG.passwordStrength, field: 'newPassword' });
      const missing = await post(
        '/api/account/change-password',
        { currentPassword: '', newPassword: 'Brand-New-Pass2' },
        member.cookie,
      );
      expect(missing.json()).toMatchObject({ message: MSG.currentPasswordRequired, field: 'currentPassword' });
    });

    it('is for members only', async () => {
      const res = await post('/api/account/change-password', {
        currentPassword: PASSWORD,
        newPassword: 'Brand-New-Pass2',
      });
      expect(res.statusCode).toBe(401);
    });

    it('changes the password, signs out other sessions and keeps this one', async () => {
      const member = await signUpMember(t.app);
      const here = new CookieJar(member.cookie);
      const elsewhere = cookieFrom(
        await post('/api/account/sign-in', { email: member.email, password: member.password }),
      );
      expect(await me(elsewhere)).toMatchObject({ id: member.me.id });

      const res = await post(
        '/api/account/change-password',
        { currentPassword: member.password, newPassword: 'Brand-New-Pass2' },
        here.header(),
      );
      expect(res.statusCode, res.body).toBe(200);
      here.store(res);

      expect(await me(here.header())).toMatchObject({ id: member.me.id });
      expect(await me(elsewhere)).toBeNull();

      const old = await post('/api/account/sign-in', { email: member.email, password: member.password });
      expect(old.statusCode).toBe(401);
      const fresh = await post('/api/account/sign-in', { email: member.email, password: 'Brand-New-Pass2' });
      expect(fresh.statusCode).toBe(200);
    });
  });
});
