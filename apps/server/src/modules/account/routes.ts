import type { FastifyInstance, FastifyReply } from 'fastify';
import type { PublicConfig } from '@fenestra/shared';
import type { Config } from '../../config/env.js';
import type { Auth } from './auth.js';
import type { AccountService } from './service.js';
import { activeBan } from '../../lib/ban.js';
import { findMember } from '../../lib/member.js';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions } from '../../db/schema/index.js';

const withCookies = (reply: FastifyReply, cookies: string[]) => {
  for (const c of cookies) reply.header('set-cookie', c);
  return reply;
};

export async function accountRoutes(
  app: FastifyInstance,
  opts: { config: Config; auth: Auth; accounts: AccountService; db: Db },
) {
  const { config, auth, accounts, db } = opts;
  const limited = { rateLimit: { max: config.rateLimit.auth, timeWindow: config.rateLimit.windowSeconds * 1000 } };

  app.get('/api/config', async () => ({
    googleEnabled: Boolean(config.google),
    videoGuidesUrl: config.videoGuidesUrl,
  }) satisfies PublicConfig);

  app.get('/api/me', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const member = await request.member();
    if (!member || (await activeBan(db, member))) return { me: null };
    return { me: accounts.me(member) };
  });

  app.post('/api/account/sign-up', { config: limited }, async (request, reply) => {
    const { me, setCookies } = await accounts.signUp(request.body, request.webHeaders());
    return withCookies(reply, setCookies).send({ me });
  });

  app.post('/api/account/sign-in', { config: limited }, async (request, reply) => {
    const { me, setCookies } = await accounts.signIn(request.body, request.webHeaders());
    return withCookies(reply, setCookies).send({ me });
  });

  app.post('/api/account/sign-out', async (request, reply) => {
    const cookies = await accounts.signOut(request.webHeaders());
    return withCookies(reply, cookies).send({ ok: true });
  });

  app.post('/api/account/forgot-password', { config: limited }, async (request) => {
    await accounts.requestReset(request.body);
    return { ok: true };
  });

  app.post('/api/account/reset-password', { config: limited }, async (request, reply) => {
    const { me, setCookies } = await accounts.resetPassword(request.body, request.webHeaders());
    return withCookies(reply, setCookies).send({ me });
  });

  app.post('/api/account/change-password', { config: limited }, async (request, reply) => {
    await app.requireMember(request);
    const cookies = await accounts.changePassword(request.body, request.webHeaders());
    return withCookies(reply, cookies).send({ ok: true });
  });

  // Google: start the OpenID Connect flow with a plain navigation, so the state cookie lands first.
  app.get('/api/account/google', async (request, reply) => {
    if (!config.google) return reply.redirect('/auth?error=google');
    try {
      const result = await auth.api.signInSocial({
        body: { provider: 'google', callbackURL: '/', errorCallbackURL: '/auth?error=google', newUserCallbackURL: '/' },
        headers: request.webHeaders(),
        returnHeaders: true,
      });
      const url = result.response.url;
      if (!url) return reply.redirect('/auth?error=google');
      return withCookies(reply, result.headers.getSetCookie()).redirect(url);
    } catch (err) {
      request.log.warn({ err }, 'google sign-in could not start');
      return reply.redirect('/auth?error=google');
    }
  });

  // A banned member coming back from the provider gets no session, as at the password sign-in.
  async function dropBannedSession(setCookies: string[]): Promise<boolean> {
    const cookie = setCookies.map((c) => c.split(';')[0]).join('; ');
    if (!cookie.includes('fenestra.session_token=')) return false;
    const session = await auth.api.getSession({ headers: new Headers({ cookie }) });
    if (!session) return false;
    const member = await findMember(db, session.user.id);
    if (!member || !(await activeBan(db, member))) return false;
    await db.delete(sessions).where(eq(sessions.token, session.session.token));
    return true;
  }

  // Only the provider callback reaches better-auth's own handler; its other endpoints stay closed.
  app.get('/api/auth/callback/:provider', async (request, reply) => {
    const url = new URL(request.url, config.publicUrl);
    const response = await auth.handler(new Request(url, { method: 'GET', headers: request.webHeaders() }));
    const setCookies = response.headers.getSetCookie();
    if (await dropBannedSession(setCookies)) {
      return withCookies(reply, setCookies.filter((c) => !c.includes('fenestra.session_'))).redirect('/auth?error=banned');
    }
    reply.status(response.status);
    response.headers.forEach((value, key) => {
      if (key !== 'set-cookie') reply.header(key, value);
    });
    withCookies(reply, setCookies);
    const location = response.headers.get('location');
    if (location && new URL(location, config.publicUrl).searchParams.get('error')) {
      return reply.redirect('/auth?error=google');
    }
    return reply.send(await response.text());
  });
}
