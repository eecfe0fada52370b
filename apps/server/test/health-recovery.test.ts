import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { MSG } from '@fenestra/shared';
import { createTestApp, freshDatabase, signUpMember, ORIGIN, type TestApp } from './helpers.js';
import { DatabaseLink } from './database-link.js';

const health = async (t: TestApp) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/health' });
  return { status: res.statusCode, body: res.json(), cache: res.headers['cache-control'] };
};

describe('health through a database outage', () => {
  let link: DatabaseLink;
  let t: TestApp;

  beforeAll(async () => {
    // Whichever server the run uses (embedded or TEST_DATABASE_URL): reach it through our proxy.
    const proxied = await DatabaseLink.to(await freshDatabase());
    link = proxied.link;
    t = await createTestApp({ DATABASE_URL: proxied.url });
  });
  afterAll(async () => {
    if (!link.isOpen) await link.open(); // a failed test must not leave the app unable to close
    await t?.close();
    await link.cut();
  });

  it('answers 503 while the database is unreachable and 200 again once it is back, without a restart', async () => {
    expect(await health(t)).toEqual({ status: 200, body: { status: 'ok', database: 'ok' }, cache: 'no-store' });

    await link.cut();
    const down = await health(t);
    expect(down).toEqual({ status: 503, body: { status: 'unavailable', database: 'unreachable' }, cache: 'no-store' });
    // Requests that need the database answer 503 with Retry-After, without internals, and the app keeps answering.
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/account/sign-in',
      headers: { origin: ORIGIN },
      payload: { email: 'someone@example.com', password: 'Correct-Horse9' },
    });
    expect(signIn.statusCode).toBe(503);
    expect(signIn.headers['retry-after']).toBe('5');
    expect(signIn.json()).toMatchObject({
      error: 'UNAVAILABLE',
      message: MSG.unavailable,
      requestId: signIn.headers['x-request-id'],
    });
    expect((await health(t)).status).toBe(503);

    await link.open();
    expect(await health(t)).toEqual({ status: 200, body: { status: 'ok', database: 'ok' }, cache: 'no-store' });
    // Requests that use the database work again as well.
    const member = await signUpMember(t.app);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: member.cookie } });
    expect(me.json().me).toMatchObject({ id: member.me.id });
  });
});
