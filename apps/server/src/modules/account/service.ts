import { eq, and, gt } from 'drizzle-orm';
import { APIError } from 'better-auth/api';
import {
  MSG,
  isStaffRole,
  type ChangePasswordRequest,
  type Me,
  type ResetRequestInput,
  type SignInInput,
  type SignUpInput,
  type resetWithTokenSchema,
} from '@fenestra/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { MediaAddress } from '../../adapters/storage/storage.js';
import { users, sessions, verifications } from '../../db/schema/index.js';
import { AppError, badRequest, conflict, unauthorized } from '../../lib/errors.js';
import { findMember, type MemberRow } from '../../lib/member.js';
import { activeBan, bannedError } from '../../lib/ban.js';
import { withFreshHash, type Auth } from './auth.js';
import type { JobQueue } from '../../lib/jobs.js';
import { createPasswordAccount } from './create-account.js';
import { avatarCopies } from '../../lib/author.js';
import type { CommunitySwitches } from '../../config/community.js';

/** Where better-auth's confirmation link lands once it worked (the web app says so). */
const CONFIRMED_PATH = '/?email=confirmed';

/** What a route needs back: the member and the cookies to set. */
export interface SignedIn {
  me: Me;
  setCookies: string[];
}

export const toMe = (m: MemberRow, media: MediaAddress): Me => ({
  id: m.id,
  email: m.email,
  username: m.username,
  avatarUrl: media(m.avatarUrl),
  ...avatarCopies(m.avatarWidth, m.avatarHeight, m.avatarVariantWidths),
  role: m.role,
  isStaff: isStaffRole(m.role),
  hasPassword: m.hasPassword,
  trustLevel: m.trustLevel,
  emailVerified: m.emailVerified,
});

export function accountService(deps: {
  db: Db;
  auth: Auth;
  jobs: Pick<JobQueue, 'send'>;
  media: MediaAddress;
  /** REQUIRE_EMAIL_VERIFICATION: a new account is sent better-auth's confirmation link. */
  switches?: () => CommunitySwitches;
  /** The forum's origin: better-auth's endpoints called from here must carry it. */
  origin?: string;
}) {
  const { db, auth, jobs, media } = deps;

  /** better-auth's confirmation email for the signed-in member (the cookie names them). */
  async function sendConfirmation(email: string, cookie: string): Promise<void> {
    const headers = new Headers({ cookie, ...(deps.origin ? { origin: deps.origin } : {}) });
    await auth.api.sendVerificationEmail({ body: { email, callbackURL: CONFIRMED_PATH }, headers });
  }

  async function signInWithPassword(email: string, password: string, headers: Headers): Promise<SignedIn> {
    let result;
    try {
      result = await auth.api.signInEmail({ body: { email, password }, headers, returnHeaders: true });
    } catch (e) {
      if (e instanceof APIError && (e.statusCode === 401 || e.statusCode === 400)) {
        throw new AppError(401, 'INVALID_CREDENTIALS', MSG.loginFailedDetail);
      }
      throw e;
    }
    const token = result.response.token;
    const member = await findMember(db, result.response.user.id);
    if (!member) throw new AppError(401, 'INVALID_CREDENTIALS', MSG.loginFailedDetail);
    const ban = await activeBan(db, member);
    if (ban) {
      await db.delete(sessions).where(eq(sessions.token, token));
      throw bannedError(ban);
    }
    return { me: toMe(member, media), setCookies: result.headers.getSetCookie() };
  }

  return {
    /** The signed-in member as their own pages see them. */
    me: (member: MemberRow) => toMe(member, media),
    signInWithPassword,

    async signUp(input: SignUpInput, headers: Headers): Promise<SignedIn> {
      const email = input.email.toLowerCase();
      const requested = input.username || null;
      const existing = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
      if (existing.length) throw conflict('ACCOUNT_EXISTS', MSG.accountExistsDetail, 'email');

      const ctx = await auth.$context;
      // The only hash of a sign-up, before anything is written: a full hashing queue refuses it with nothing made.
      const passwordHash = await ctx.password.hash(input.password);
      await createPasswordAccount(db, { email, username: requested, passwordHash });
      const signedIn = await withFreshHash(passwordHash, input.password, () =>
        signInWithPassword(email, input.password, headers),
      );
      if (deps.switches?.().requireEmailVerification)
        await sendConfirmation(email, signedIn.setCookies.map((c) => c.split(';')[0]).join('; '));
      return signedIn;
    },

    /** 'Resend': another confirmation link for the signed-in member; 409 once confirmed. */
    async resendConfirmation(member: MemberRow, cookie: string): Promise<void> {
      if (member.emailVerified) throw conflict('EMAIL_ALREADY_VERIFIED', MSG.emailAlreadyVerified);
      await sendConfirmation(member.email, cookie);
    },

    async signIn(input: SignInInput, headers: Headers): Promise<SignedIn> {
      return signInWithPassword(input.email.toLowerCase(), input.password, headers);
    },

    async signOut(headers: Headers): Promise<string[]> {
      try {
        const result = await auth.api.signOut({ headers, returnHeaders: true });
        return result.headers.getSetCookie();
      } catch {
        return [];
      }
    },

    async requestReset(input: ResetRequestInput): Promise<void> {
      // One job whether anyone has this email or not: the answer and its timing give nothing away.
      await jobs.send('password-reset', { email: input.email.toLowerCase() });
    },

    async resetPassword(input: z.infer<typeof resetWithTokenSchema>, headers: Headers): Promise<SignedIn> {
      const rows = await db
        .select({ userId: verifications.value })
        .from(verifications)
        .where(
          and(eq(verifications.identifier, `reset-password:${input.token}`), gt(verifications.expiresAt, new Date())),
        )
        .limit(1);
      const userId = rows[0]?.userId;
      if (!userId) throw badRequest(MSG.invalidResetLink, 'token');
      try {
        await auth.api.resetPassword({ body: { token: input.token, newPassword: input.password }, headers });
      } catch (e) {
        if (e instanceof APIError && e.statusCode === 400) throw badRequest(MSG.invalidResetLink, 'token');
        throw e;
      }
      const user = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
      if (!user[0]) throw badRequest(MSG.invalidResetLink, 'token');
      return signInWithPassword(user[0].email, input.password, headers);
    },

    async changePassword(input: ChangePasswordRequest, headers: Headers): Promise<string[]> {
      try {
        const result = await auth.api.changePassword({
          body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
          headers,
          returnHeaders: true,
        });
        return result.headers.getSetCookie();
      } catch (e) {
        if (e instanceof APIError && e.statusCode === 400) {
          throw new AppError(400, 'WRONG_PASSWORD', MSG.failedPasswordCheck, 'currentPassword');
        }
        if (e instanceof APIError && e.statusCode === 401) throw unauthorized();
        throw e;
      }
    },
  };
}

export type AccountService = ReturnType<typeof accountService>;
