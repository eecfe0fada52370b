import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { fromNodeHeaders } from 'better-auth/node';
import type { Db } from '../db/client.js';
import type { Auth } from '../modules/account/auth.js';
import { createProfileForEmail } from '../modules/account/profile-repo.js';
import { findMember, findMemberBySession, type MemberRow } from '../lib/member.js';
import { verifiedSessionToken, SESSION_UPDATE_AGE_SECONDS } from '../lib/session-cookie.js';
import { activeBan, bannedError } from '../lib/ban.js';
import { unauthorized, forbidden } from '../lib/errors.js';
import { isStaffRole } from '@fenestra/shared';
import { TaggedCache } from '../cache/tagged-cache.js';
import { TAGS, followEvents } from '../cache/public-cache.js';
import type { EventListener } from '../realtime/listener.js';
import { noteReplayCheck } from '../cache/replay.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in member (banned ones included), or null; resolved once per request. */
    member(): Promise<MemberRow | null>;
    webHeaders(): Headers;
    /** member()'s answer once asked (a field of the request, not a map: it is read on every request). */
    memberPending: Promise<MemberRow | null> | null;
    /** The cookies better-auth re-issued while resolving the member, sent with the answer. */
    refreshedCookies: string[] | null;
  }
  interface FastifyInstance {
    requireMember: (request: FastifyRequest) => Promise<MemberRow>;
    requireStaff: (request: FastifyRequest) => Promise<MemberRow>;
  }
}

type SessionMember = NonNullable<Awaited<ReturnType<typeof findMemberBySession>>>;

/** A session's member is kept this long at most; a sign-out, ban, role or profile change drops it at once. */
const SESSION_CACHE_MS = 60_000;

export const sessionPlugin = fp(
  async (app: FastifyInstance, opts: { db: Db; auth: Auth; secret: string; listener: EventListener }) => {
    const { db, auth, secret, listener } = opts;
    const sessions = new TaggedCache<SessionMember>({ ttlMs: SESSION_CACHE_MS, maxEntries: 20_000 });
    const stopFollowing = followEvents(listener, sessions);
    app.addHook('onClose', async () => stopFollowing());

    /** A session that needs no refresh: not expired, and not past the age at which better-auth extends it. */
    const fresh = (session: SessionMember) => {
      const now = Date.now();
      return (
        session.sessionExpiresAt.getTime() > now &&
        now - session.sessionUpdatedAt.getTime() < SESSION_UPDATE_AGE_SECONDS * 1000
      );
    };

    async function resolve(request: FastifyRequest): Promise<MemberRow | null> {
      const token = verifiedSessionToken(request.headers.cookie, secret);
      if (!token) return null;
      // Fast path: the session's member, cached (one query when not), for a session that needs no refresh (nearly every request).
      const fast = await sessions.read(
        token,
        async () => {
          const row = await findMemberBySession(db, token);
          return row && { value: row, tags: [TAGS.member(row.id)] };
        },
        { store: listener.listening() },
      );
      if (fast && fresh(fast)) {
        // The answer may be replayed while this very session entry is cached and fresh, and its member not banned (a
        // timed ban ends by the clock, with no event): a sign-out, ban or role change drops it (decision 021).
        if (fast.status !== 'banned') noteReplayCheck(request, () => sessions.get(token) === fast && fresh(fast));
        return fast;
      }
      request.replayOff = true;
      sessions.delete(token);
      // Otherwise better-auth extends the session and re-issues the cookie (sent by the onSend hook below).
      const result = await auth.api.getSession({ headers: request.webHeaders(), returnHeaders: true });
      const session = result.response;
      if (!session) return null;
      request.refreshedCookies = result.headers.getSetCookie();
      let member = await findMember(db, session.user.id);
      if (!member) {
        // An account whose profile was never made (a provider sign-up that failed half-way) gets one now.
        await createProfileForEmail(db, session.user.id, session.user.email);
        member = await findMember(db, session.user.id);
      }
      return member;
    }

    app.addHook('onSend', (request, reply, payload, done) => {
      const cookies = request.refreshedCookies;
      if (cookies?.length && !reply.hasHeader('set-cookie')) reply.header('set-cookie', cookies);
      done(null, payload);
    });

    app.decorateRequest('webHeaders', function (this: FastifyRequest) {
      return fromNodeHeaders(this.headers);
    });
    app.decorateRequest('memberPending', null);
    app.decorateRequest('refreshedCookies', null);
    app.decorateRequest('member', function (this: FastifyRequest) {
      return (this.memberPending ??= resolve(this));
    });

    // Members who may write: signed in and not banned.
    app.decorate('requireMember', async (request: FastifyRequest) => {
      const member = await request.member();
      if (!member) throw unauthorized();
      const ban = await activeBan(db, member);
      if (ban) throw bannedError(ban);
      return member;
    });

    app.decorate('requireStaff', async (request: FastifyRequest) => {
      const member = await app.requireMember(request);
      if (!isStaffRole(member.role)) throw forbidden();
      return member;
    });
  },
);
