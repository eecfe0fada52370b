import { betterAuth } from 'better-auth';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import type { WorkGate } from '../../lib/work-gate.js';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import type { Config } from '../../config/env.js';
import type { Db } from '../../db/client.js';
import { users, sessions, accounts, verifications } from '../../db/schema/index.js';
import { LIMITS } from '@fenestra/shared';
import { SESSION_EXPIRES_IN_SECONDS, SESSION_UPDATE_AGE_SECONDS } from '../../lib/session-cookie.js';
import { publishEvent } from '../../realtime/bus-event.js';

/** A confirmation link works for a day. */
const CONFIRM_LINK_SECONDS = 24 * 3600;

export interface AuthDeps {
  config: Config;
  db: Db;
  secret: string;
  /** Every password hash and check goes through it, so a burst of sign-ups cannot take the machine. */
  hashing: WorkGate;
  /** Creates the profile of an account made by an outside provider (Google). */
  onOAuthUser(user: { id: string; email: string }): Promise<void>;
  /** Mails better-auth's confirmation link (REQUIRE_EMAIL_VERIFICATION, issue 26). */
  sendConfirmation(to: string, url: string): Promise<void>;
}

// A sign-up signs in with the password it has just hashed. That check needs no second hash, and must not
// take a second place in the hashing queue: a full queue would answer 503 for an account already made.
const justHashed = new Map<string, string>();

/** Runs `signIn` knowing this hash is of this password, so checking it costs nothing (and cannot be refused). */
export async function withFreshHash<T>(hash: string, password: string, signIn: () => Promise<T>): Promise<T> {
  justHashed.set(hash, password);
  try {
    return await signIn();
  } finally {
    justHashed.delete(hash);
  }
}

// better-auth owns passwords, sessions and the OpenID Connect flow; Fenestra's own routes wrap it.
export function createAuth(deps: AuthDeps) {
  const { config } = deps;
  return betterAuth({
    appName: 'Fenestra',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: deps.secret,
    trustedOrigins: config.allowedOrigins,
    telemetry: { enabled: false },
    // Routine refusals (a wrong password) are ours to report; only its errors reach the log.
    logger: { disabled: config.env === 'test', level: 'error' },
    database: drizzleAdapter(deps.db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: LIMITS.password.min,
      maxPasswordLength: LIMITS.password.max,
      autoSignIn: true,
      password: {
        hash: (password) => deps.hashing.run(() => hashPassword(password)),
        verify: async ({ hash, password }) =>
          justHashed.get(hash) === password || deps.hashing.run(() => verifyPassword({ hash, password })),
      },
      revokeSessionsOnPasswordReset: true,
    },
    // better-auth's own email verification flow; whether an unconfirmed member may act is our routes' rule.
    emailVerification: {
      sendVerificationEmail: async ({ user, url }) => deps.sendConfirmation(user.email, url),
      expiresIn: CONFIRM_LINK_SECONDS,
      // The member's cached session reads the change at once (profile.changed drops it).
      afterEmailVerification: async (user) => publishEvent(deps.db, { type: 'profile.changed', userId: user.id }),
    },
    session: {
      expiresIn: SESSION_EXPIRES_IN_SECONDS,
      updateAge: SESSION_UPDATE_AGE_SECONDS,
      // No cookie cache: a ban or a sign-out elsewhere takes effect on the next request.
      cookieCache: { enabled: false },
    },
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: 'fenestra',
      useSecureCookies: config.publicUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
      database: { generateId: () => crypto.randomUUID() },
    },
    account: { accountLinking: { enabled: true, trustedProviders: ['google'] } },
    databaseHooks: {
      user: {
        create: {
          after: async (user, ctx) => {
            // Password sign-ups make their profile in their own transaction; only provider sign-ups land here.
            if (ctx?.path?.startsWith('/callback')) await deps.onOAuthUser({ id: user.id, email: user.email });
          },
        },
      },
    },
    plugins: config.google
      ? [
          genericOAuth({
            config: [
              {
                providerId: 'google',
                clientId: config.google.clientId,
                clientSecret: config.google.clientSecret,
                discoveryUrl: `${config.google.issuer}/.well-known/openid-configuration`,
                scopes: ['openid', 'email', 'profile'],
                pkce: true,
              },
            ],
          }),
        ]
      : [],
  });
}

export type Auth = ReturnType<typeof createAuth>;
