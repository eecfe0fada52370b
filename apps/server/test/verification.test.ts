import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { MSG } from '@fenestra/shared';
import { createTestApp, signUpMember, type TestApp } from './helpers.js';
import { ask, askBody, get, insertPost, post, sqlQuery } from './post-fixtures.js';

const REPLY = 'Check the spline size before you buy a new roller.';

/** The confirmation link in the newest email queued for this address. */
async function confirmationLink(t: TestApp, to: string): Promise<URL> {
  const { rows } = await sqlQuery<{ text: string; subject: string }>(
    t,
    "SELECT data->>'text' AS text, data->>'subject' AS subject FROM pgboss.job WHERE name = 'send-email' AND data->>'to' = $1 ORDER BY created_on DESC",
    [to],
  );
  expect(rows[0]?.subject).toBe('Confirm your email address for Fenestra');
  return new URL(/(https?:\/\/\S+\/api\/auth\/verify-email\?\S+)/.exec(rows[0]!.text)![1]!);
}

describe('email confirmation (REQUIRE_EMAIL_VERIFICATION)', () => {
  let on: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    on = await createTestApp({ REQUIRE_EMAIL_VERIFICATION: 'true' });
    off = await createTestApp();
  });
  afterAll(async () => {
    await on?.close();
    await off?.close();
  });

  it('when on: a new account is mailed better-auth’s link and may not ask, reply, like or flag until it follows it', async () => {
    const m = await signUpMember(on.app);
    const postId = await insertPost(on);
    const tries = async () => [
      await ask(on, m.cookie, askBody()),
      await post(on, `/api/posts/${postId}/replies`, m.cookie, { content: REPLY }),
      await post(on, `/api/posts/${postId}/like`, m.cookie),
      await post(on, `/api/posts/${postId}/flag`, m.cookie, { reason: 'spam' }),
    ];
    for (const res of await tries()) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: 'EMAIL_NOT_VERIFIED', message: MSG.confirmEmailFirst });
    }
    expect((await get(on, '/api/me', m.cookie)).json().me).toMatchObject({ emailVerified: false });

    const link = await confirmationLink(on, m.email);
    const visit = await on.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(visit.statusCode).toBe(302);
    expect(visit.headers.location).toBe('/?email=confirmed');
    const { rows } = await sqlQuery(on, 'SELECT email_verified FROM users WHERE id = $1', [m.me.id]);
    expect(rows[0]).toEqual({ email_verified: true });
    expect((await get(on, '/api/me', m.cookie)).json().me).toMatchObject({ emailVerified: true });
    expect((await tries()).map((r) => r.statusCode)).toEqual([201, 201, 200, 201]);

    // A link that does not check out changes nothing.
    const bad = await on.app.inject({ method: 'GET', url: '/api/auth/verify-email?token=nonsense&callbackURL=/' });
    expect(bad.statusCode).toBe(302);
    expect(bad.headers.location).toContain('error=');
  });

  it('resends the link on request, a few times in a window, and not once confirmed', async () => {
    const m = await signUpMember(on.app);
    const mailed = async () =>
      (await sqlQuery(on, "SELECT 1 FROM pgboss.job WHERE name = 'send-email' AND data->>'to' = $1", [m.email]))
        .rowCount;
    expect(await mailed()).toBe(1);
    const resend = () => post(on, '/api/account/verify-email/resend', m.cookie);
    expect((await resend()).statusCode).toBe(200);
    expect(await mailed()).toBe(2);
    expect((await resend()).statusCode).toBe(200);
    expect((await resend()).statusCode).toBe(200);
    expect((await resend()).statusCode).toBe(429);
    expect((await post(on, '/api/account/verify-email/resend')).statusCode).toBe(401);

    const other = await signUpMember(on.app);
    const link = await confirmationLink(on, other.email);
    await on.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    const again = await post(on, '/api/account/verify-email/resend', other.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MSG.emailAlreadyVerified);
  });

  it('when off (the default): no email, and an unconfirmed member asks and replies as SPEC says; questions wait for review', async () => {
    const m = await signUpMember(off.app, { trustLevel: 2 });
    const mailed = await sqlQuery(off, "SELECT 1 FROM pgboss.job WHERE name = 'send-email' AND data->>'to' = $1", [
      m.email,
    ]);
    expect(mailed.rowCount).toBe(0);
    // AUTO_APPROVE_TRUSTED off too: a trusted member's question waits like anyone's.
    expect((await ask(off, m.cookie, askBody())).json()).toMatchObject({ status: 'pending' });
    const postId = await insertPost(off);
    expect((await post(off, `/api/posts/${postId}/replies`, m.cookie, { content: REPLY })).statusCode).toBe(201);
  });
});
