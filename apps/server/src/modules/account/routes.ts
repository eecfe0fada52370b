import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordRequestSchema,
  meAnswerSchema,
  noBodySchema,
  okSchema,
  publicConfigSchema,
  resetRequestSchema,
  resetWithTokenSchema,
  signInSchema,
  signUpSchema,
  signedInSchema,
  type PublicConfig,
} from '@fenestra/shared';
import { answers, signedIn, verified } from '../../lib/route-contract.js';
import type { Config } from '../../config/env.js';
import type { Auth } from './auth.js';
import type { AccountService } from './service.js';
import { activeBan } from '../../lib/ban.js';
import { findMember } from '../../lib/member.js';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions } from '../../db/schema/index.js';
import { rateLimitRule } from '../../lib/rate-limit-rule.js';
import { firstAdminCheck } from './first-admin.js';

const withCookies = (reply: FastifyReply, cookies: string[]) => {
  for (const c of cookies) reply.header('set-cookie', c);
  return reply;
};

export async function accountRoutes(
  plainApp: FastifyInstance,
  opts: { config: Config; auth: Auth; accounts: AccountService; db: Db },
) {
  const app = plainApp.withTypeProvider<ZodTypeProvider>();
  const { config, auth, accounts, db } = opts;
  const limited = { rateLimit: rateLimitRule(plainApp.services.settings, 'rateLimitAuth') };
  const needsFirstAdmin = firstAdminCheck(db);

  app.get(
    '/api/config',
    { schema: { summary: 'The public client configuration', response: answers({ 200: publicConfigSchema }) } },
    async () => {
      // After a settings.changed event this instance may still be reading the new values: wait for them.
      const site = await plainApp.services.settings.settled();
      return {
        googleEnabled: Boolean(config.google),
        videoGuidesUrl: config.videoGuidesUrl,
        siteName: site.siteName,
        siteDescription: site.siteDescription,
        logoUrl: site.logoUrl,
        faviconUrl: site.faviconUrl,
        accentColor: site.accentColor,
        footerLinks: site.footerLinks,
        needsFirstAdmin: await needsFirstAdmin(),
      } satisfies PublicConfig;
    },
  );

  app.get(
    '/api/me',
    { schema: { summary: 'Who is signed in (null for a visitor)', response: answers({ 200: meAnswerSchema }) } },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      const member = await request.member();
      if (!member || (await activeBan(db, member))) return { me: null };
      return { me: accounts.me(member) };
    },
  );

  const signedInAnswer = answers({ 200: signedInSchema });
  app.post(
    '/api/account/sign-up',
    { config: limited, schema: { summary: 'Create an account', body: signUpSchema, response: signedInAnswer } },
    async (request, reply) => {
      const { me, setCookies } = await accounts.signUp(request.body, request.webHeaders());
      return withCookies(reply, setCookies).send({ me });
    },
  );

  app.post(
    '/api/account/sign-in',
    { config: limited, schema: { summary: 'Sign in with a password', body: signInSchema, response: signedInAnswer } },
    async (request, reply) => {
      const { me, setCookies } = await accounts.signIn(request.body, request.webHeaders());
      return withCookies(reply, setCookies).send({ me });
    },
  );

  app.post(
    '/api/account/sign-out',
    { schema: { summary: 'Sign out', response: answers({ 200: okSchema }) } },
    async (request, reply) => {
      const cookies = await accounts.signOut(request.webHeaders());
      return withCookies(reply, cookies).send({ ok: true });
    },
  );

  app.post(
    '/api/account/forgot-password',
    {
      config: limited,
      schema: { summary: 'Email a reset link', body: resetRequestSchema, response: answers({ 200: okSchema }) },
    },
    async (request) => {
      await accounts.requestReset(request.body);
      return { ok: true };
    },
  );

  app.post(
    '/api/account/reset-password',
    {
      config: limited,
      schema: { summary: 'Set a new password from a reset link', body: resetWithTokenSchema, response: signedInAnswer },
    },
    async (request, reply) => {
      const { me, setCookies } = await accounts.resetPassword(request.body, request.webHeaders());
      return withCookies(reply, setCookies).send({ me });
    },
  );

  app.post(
    '/api/account/change-password',
    {
      config: limited,
      preValidation: signedIn,
      schema: {
        summary: 'Change the password (other sessions end)',
        body: changePasswordRequestSchema,
        response: answers({ 200: okSchema }),
      },
    },
    async (request, reply) => {
      const cookies = await accounts.changePassword(request.body, request.webHeaders());
      return withCookies(reply, cookies).send({ ok: true });
    },
  );

  const redirect = answers({ 302: noBodySchema.meta({ description: 'A redirect' }) });
  // Another confirmation link (issue 26): counted per member, so it cannot be used to mail-bomb an address.
  app.post(
    '/api/account/verify-email/resend',
    {
      config: {
        rateLimit: {
          max: 3,
          timeWindow: 15 * 60 * 1000,
          keyGenerator: async (request: FastifyRequest) => (await request.member())?.id ?? request.ip,
        },
      },
      preValidation: signedIn,
      schema: { summary: 'Send another email confirmation link', response: answers({ 200: okSchema }) },
    },
    async (request) => {
      await accounts.resendConfirmation(verified(request), request.headers.cookie ?? '');
      return { ok: true };
    },
  );

  // better-auth's own confirmation link: its handler checks the token, marks the email confirmed and redirects.
  app.get(
    '/api/auth/verify-email',
    {
      schema: {
        summary: 'Confirm an email address (the link in the confirmation email)',
        querystring: z.object({ token: z.string().optional(), callbackURL: z.string().optional() }),
        response: redirect,
      },
    },
    async (request, reply) => {
      const url = new URL(request.url, config.publicUrl);
      const response = await auth.handler(new Request(url, { method: 'GET', headers: request.webHeaders() }));
      withCookies(
        reply,
        response.headers.getSetCookie().filter((c) => !c.includes('fenestra.session_')),
      );
      return reply.redirect(response.headers.get('location') ?? '/?email=confirmed');
    },
  );

  // Google: start the OpenID Connect flow with a plain navigation, so the state cookie lands first.
  app.get(
    '/api/account/google',
    { schema: { summary: 'Start signing in with Google (a navigation)', response: redirect } },
    async (request, reply) => {
      if (!config.google) return reply.redirect('/auth?error=google');
      try {
        const result = await auth.api.signInSocial({
          body: {
            provider: 'google',
            callbackURL: '/',
            errorCallbackURL: '/auth?error=google',
            newUserCallbackURL: '/',
          },
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
    },
  );

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
  app.get(
    '/api/auth/callback/:provider',
    {
      schema: {
        summary: "Google's return to the forum (a navigation)",
        params: z.object({ provider: z.string() }),
        response: redirect,
      },
    },
    async (request, reply) => {
      const url = new URL(request.url, config.publicUrl);
      const response = await auth.handler(new Request(url, { method: 'GET', headers: request.webHeaders() }));
      const setCookies = response.headers.getSetCookie();
      if (await dropBannedSession(setCookies)) {
        return withCookies(
          reply,
          setCookies.filter((c) => !c.includes('fenestra.session_')),
        ).redirect('/auth?error=banned');
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
      // better-auth's own answer, as it wrote it (text: never serialised again).
      return reply.send((await response.text()) as never);
    },
  );
}
