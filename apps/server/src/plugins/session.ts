import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { fromNodeHeaders } from 'better-auth/node';
import type { Db } from '../db/client.js';
import type { Auth } from '../modules/account/auth.js';
import { findMember, createProfileForEmail, type MemberRow } from '../modules/account/profile-repo.js';
import { activeBan, bannedError } from '../modules/account/service.js';
import { unauthorized, forbidden } from '../lib/errors.js';
import { isStaffRole } from '@fenestra/shared';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in member (banned ones included), or null; resolved once per request. */
    member(): Promise<MemberRow | null>;
    webHeaders(): Headers;
  }
  interface FastifyInstance {
    requireMember: (request: FastifyRequest) => Promise<MemberRow>;
    requireStaff: (request: FastifyRequest) => Promise<MemberRow>;
  }
}

const memberCache = new WeakMap<FastifyRequest, Promise<MemberRow | null>>();

export const sessionPlugin = fp(async (app: FastifyInstance, opts: { db: Db; auth: Auth }) => {
  const { db, auth } = opts;

  async function resolve(request: FastifyRequest): Promise<MemberRow | null> {
    if (!request.headers.cookie?.includes('fenestra.')) return null;
    const session = await auth.api.getSession({ headers: request.webHeaders() });
    if (!session) return null;
    let member = await findMember(db, session.user.id);
    if (!member) {
      // An account whose profile was never made (a provider sign-up that failed half-way) gets one now.
      await createProfileForEmail(db, session.user.id, session.user.email);
      member = await findMember(db, session.user.id);
    }
    return member;
  }

  app.decorateRequest('webHeaders', function (this: FastifyRequest) {
    return fromNodeHeaders(this.headers);
  });
  app.decorateRequest('member', function (this: FastifyRequest) {
    let pending = memberCache.get(this);
    if (!pending) {
      pending = resolve(this);
      memberCache.set(this, pending);
    }
    return pending;
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
});
