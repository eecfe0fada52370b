import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MSG, apiErrorSchema } from '@fenestra/shared';
import type { MemberRow } from './member.js';
import type { CommunitySwitches } from '../config/community.js';
import { AppError } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The member a route's signedIn/staffOnly hook let through (null before it, and on routes without one). */
    verifiedMember: MemberRow | null;
  }
}

/** An answer that is not JSON (a page, an event stream): its type, described. */
export const textAnswer = (contentType: string, description: string) => ({
  description,
  content: { [contentType]: { schema: z.string() } },
});

/**
 * A route's answers: its own per status, and the error body for every 4xx and 5xx (decision 024). A status the
 * route answers with a body of its own (health's 503) is named in `answers` and wins over the range.
 */
export const answers = <T extends Record<number, z.ZodType | ReturnType<typeof textAnswer>>>(own: T) => ({
  ...own,
  '4xx': apiErrorSchema,
  '5xx': apiErrorSchema,
});

/** `:id` in a path; the services answer 404 for an id that is not one of theirs, as before contracts. */
export const idParams = z.object({ id: z.string() });

/** A query text field as the routes read it before contracts: a repeated or odd value reads as absent. */
export const queryText = z.string().optional().catch(undefined);

/**
 * Who may call a route, checked before its body or query is parsed (preValidation), so a visitor still gets 401
 * and a member 403 whatever they send, as when the services parsed: the member is kept for the handler.
 */
export async function signedIn(request: FastifyRequest) {
  request.verifiedMember = await request.server.requireMember(request);
}
export async function staffOnly(request: FastifyRequest) {
  request.verifiedMember = await request.server.requireStaff(request);
}

/**
 * signedIn, and (when the operator asks for it, REQUIRE_EMAIL_VERIFICATION) a confirmed email address: asking,
 * replying, liking and flagging (issue 26). The web app offers its Resend link on EMAIL_NOT_VERIFIED.
 */
export const confirmedMember = (switches: () => CommunitySwitches) => async (request: FastifyRequest) => {
  await signedIn(request);
  if (switches().requireEmailVerification && !request.verifiedMember!.emailVerified)
    throw new AppError(403, 'EMAIL_NOT_VERIFIED', MSG.confirmEmailFirst);
};

/** The member the route's hook let through. */
export function verified(request: FastifyRequest): MemberRow {
  if (!request.verifiedMember) throw new Error(`${request.routeOptions.url} reads a member without a hook`);
  return request.verifiedMember;
}

/** A 204: no body, so nothing for a contract to write. */
export const noContent = (reply: FastifyReply) => reply.status(204).send();
