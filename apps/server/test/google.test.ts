import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { DEFAULT_EMAIL_PREFERENCES } from '@fenestra/shared';
import { createTestApp, signUpMember, ORIGIN, type TestApp } from './helpers.js';
import { CookieJar } from './cookie-jar.js';
import { FakeOpenIdProvider, type FakeGoogleUser } from './fake-openid-provider.js';

const CLIENT = { id: 'fenestra-test-client', secret: 'fenestra-test-client-secret' };

const pathOf = (location: string) => {
  const url = new URL(location, ORIGIN);
  return url.origin === ORIGIN ? url.pathname + url.search : location;
};

describe('sign-in with Google (OpenID Connect)', () => {
  const provider = new FakeOpenIdProvider(CLIENT);
  let t: TestApp;

  beforeAll(async () => {
    // The app reads the provider's discovery document while it starts: the provider comes first.
    const issuer = await provider.start();
    t = await createTestApp({
      GOOGLE_CLIENT_ID: CLIENT.id,
      GOOGLE_CLIENT_SECRET: CLIENT.secret,
      GOOGLE_ISSUER: issuer,
    });
  });
  afterAll(async () => {
    await t?.close();
    await provider.stop();
  });

  /** Starts the flow as a browser would; returns the jar and where the provider sends the browser back. */
  async function startAndAuthorize(user: FakeGoogleUser, jar = new CookieJar()) {
    provider.nextUser = user;
    const start = await t.app.inject({ method: 'GET', url: '/api/account/google', headers: { cookie: jar.header() } });
    expect(start.statusCode).toBe(302);
    const authorize = new URL(String(start.headers.location));
    expect(authorize.origin + authorize.pathname).toBe(`${provider.issuer}/authorize`);
    expect(authorize.searchParams.get('client_id')).toBe(CLIENT.id);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${ORIGIN}/api/auth/callback/google`);
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    jar.store(start);

    const atProvider = await fetch(authorize, { redirect: 'manual' });
    expect(atProvider.status).toBe(302);
    const callback = new URL(atProvider.headers.get('location')!);
    expect(callback.origin + callback.pathname).toBe(`${ORIGIN}/api/auth/callback/google`);
    return { jar, callback, state: authorize.searchParams.get('state')! };
  }

  async function signInWithGoogle(user: FakeGoogleUser, jar = new CookieJar()) {
    const { callback } = await startAndAuthorize(user, jar);
    const res = await t.app.inject({
      method: 'GET',
      url: callback.pathname + callback.search,
      headers: { cookie: jar.header() },
    });
    jar.store(res);
    return { res, jar };
  }

  const meOf = async (jar: CookieJar) =>
    (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: jar.header() } })).json().me;

  it('says Google is enabled', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json()).toMatchObject({ googleEnabled: true });
  });

  it('signs a new member in, sends them home, and makes their profile', async () => {
    const { res, jar } = await signInWithGoogle({
      sub: 'google-new-1',
      email: 'Pat.Google@Example.com',
      name: 'Pat Google',
    });
    expect(res.statusCode).toBe(302);
    expect(pathOf(String(res.headers.location))).toBe('/');
    expect(jar.has('fenestra.session_token')).toBe(true);

    // The provider was asked for tokens with our secret and the PKCE verifier.
    const tokenRequest = provider.tokenRequests.at(-1)!;
    expect(tokenRequest.get('code_verifier')).toBeTruthy();

    const me = await meOf(jar);
    expect(me).toMatchObject({
      email: 'pat.google@example.com',
      username: 'pat-google',
      hasPassword: false,
      role: 'user',
    });
    const { rows } = await t.app.services.database.pool.query(
      'SELECT username, email_preferences, status FROM profiles WHERE id = $1',
      [me.id],
    );
    expect(rows).toEqual([{ username: 'pat-google', email_preferences: DEFAULT_EMAIL_PREFERENCES, status: 'active' }]);

    // Signing in again finds the same member, not a second one.
    const again = await signInWithGoogle({ sub: 'google-new-1', email: 'pat.google@example.com', name: 'Pat Google' });
    expect(again.res.statusCode).toBe(302);
    expect(pathOf(String(again.res.headers.location))).toBe('/');
    expect((await meOf(again.jar)).id).toBe(me.id);
    const count = await t.app.services.database.pool.query('SELECT 1 FROM users WHERE email = $1', [
      'pat.google@example.com',
    ]);
    expect(count.rowCount).toBe(1);
  });

  it('makes the derived username unique', async () => {
    await signUpMember(t.app, { username: 'casey' });
    const { res, jar } = await signInWithGoogle({ sub: 'google-casey', email: 'casey@gmail.example', name: 'Casey' });
    expect(res.statusCode).toBe(302);
    expect((await meOf(jar)).username).toBe('casey2');
  });

  it('does not hand an account made with a password to whoever signs in with Google under its email', async () => {
    // Nobody verified that the password account owns the address, so linking would allow account pre-hijacking.
    const member = await signUpMember(t.app, { email: 'both.ways@example.com' });
    const { res, jar } = await signInWithGoogle({
      sub: 'google-both',
      email: 'both.ways@example.com',
      name: 'Both Ways',
    });
    expect(res.statusCode).toBe(302);
    expect(pathOf(String(res.headers.location))).toBe('/auth?error=google');
    expect(await meOf(jar)).toBeNull();
    const { rows } = await t.app.services.database.pool.query<{ provider_id: string }>(
      'SELECT a.provider_id FROM accounts a JOIN users u ON u.id = a.user_id WHERE u.email = $1',
      ['both.ways@example.com'],
    );
    expect(rows.map((r) => r.provider_id)).toEqual(['credential']);
    // The member still signs in with their password.
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/account/sign-in',
      headers: { origin: ORIGIN },
      payload: { email: member.email, password: member.password },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('does not sign a banned member in, and leaves no session', async () => {
    const user = { sub: 'google-banned', email: 'banned.google@example.com', name: 'Banned' };
    const first = await signInWithGoogle(user);
    const id = (await meOf(first.jar)).id as string;
    await t.app.services.database.pool.query(
      `UPDATE profiles SET status = 'banned', ban_reason = 'Spam', ban_until = now() + interval '7 days' WHERE id = $1`,
      [id],
    );
    await t.app.services.database.pool.query('DELETE FROM sessions WHERE user_id = $1', [id]);

    const { res, jar } = await signInWithGoogle(user);
    expect(res.statusCode).toBe(302);
    expect(pathOf(String(res.headers.location))).toBe('/auth?error=banned');
    expect(jar.has('fenestra.session_token')).toBe(false);
    const sessions = await t.app.services.database.pool.query('SELECT 1 FROM sessions WHERE user_id = $1', [id]);
    expect(sessions.rowCount).toBe(0);
  });

  it('refuses a callback whose state does not match', async () => {
    const { jar, callback, state } = await startAndAuthorize({
      sub: 'google-forged',
      email: 'forged@example.com',
      name: 'Forged',
    });
    callback.searchParams.set('state', `${state}-forged`);
    const res = await t.app.inject({
      method: 'GET',
      url: callback.pathname + callback.search,
      headers: { cookie: jar.header() },
    });
    expect(res.statusCode).toBe(302);
    expect(pathOf(String(res.headers.location))).toBe('/auth?error=google');
    jar.store(res);
    expect(await meOf(jar)).toBeNull();
    const users = await t.app.services.database.pool.query('SELECT 1 FROM users WHERE email = $1', [
      'forged@example.com',
    ]);
    expect(users.rowCount).toBe(0);
  });

  it('refuses a callback from a browser that did not start the flow', async () => {
    const { callback } = await startAndAuthorize({
      sub: 'google-stranger',
      email: 'stranger@example.com',
      name: 'Stranger',
    });
    const res = await t.app.inject({ method: 'GET', url: callback.pathname + callback.search });
    expect(res.statusCode).toBe(302);
    expect(pathOf(String(res.headers.location))).toBe('/auth?error=google');
    const users = await t.app.services.database.pool.query('SELECT 1 FROM users WHERE email = $1', [
      'stranger@example.com',
    ]);
    expect(users.rowCount).toBe(0);
  });

  it('sends the member back to the auth page when they cancel at Google', async () => {
    const { jar, state } = await startAndAuthorize({
      sub: 'google-cancel',
      email: 'cancel@example.com',
      name: 'Cancel',
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/auth/callback/google?error=access_denied&state=${encodeURIComponent(state)}`,
      headers: { cookie: jar.header() },
    });
    expect(res.statusCode).toBe(302);
    expect(pathOf(String(res.headers.location))).toBe('/auth?error=google');
  });
});

describe('without Google configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('says Google is off and sends the button back to the auth page', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json()).toMatchObject({ googleEnabled: false });
    const res = await t.app.inject({ method: 'GET', url: '/api/account/google' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/auth?error=google');
    const callback = await t.app.inject({ method: 'GET', url: '/api/auth/callback/google?code=x&state=y' });
    expect(callback.statusCode).toBe(302);
    expect(pathOf(String(callback.headers.location))).toBe('/auth?error=google');
  });
});
