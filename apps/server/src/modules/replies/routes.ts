import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createReplySchema,
  heldRepliesSchema,
  helpfulMarksSchema,
  replyActionResultSchema,
  replyPageSchema,
  replySchema,
} from '@fenestra/shared';
import type { Config } from '../../config/env.js';
import {
  answers,
  confirmedMember,
  idParams,
  queryText,
  signedIn,
  staffOnly,
  verified,
} from '../../lib/route-contract.js';
import { communitySwitches } from '../../config/community.js';
import { viewerFrom, type PostsService } from '../posts/service.js';
import { sendCached } from '../../cache/public-cache.js';
import type { RepliesService } from './service.js';
import { rateLimitRule } from '../../lib/rate-limit-rule.js';

export async function replyRoutes(
  plainApp: FastifyInstance,
  opts: { config: Config; posts: PostsService; replies: RepliesService },
) {
  const app = plainApp.withTypeProvider<ZodTypeProvider>();
  const { posts, replies } = opts;
  // Counted per member (the cookie's session), so members behind one address do not share a window.
  const replyLimit = {
    rateLimit: {
      ...rateLimitRule(plainApp.services.settings, 'rateLimitReplies'),
      keyGenerator: async (request: FastifyRequest) => (await request.member())?.id ?? request.ip,
    },
  };

  app.get(
    '/api/posts/:id/replies',
    {
      schema: {
        summary: 'A post’s replies, the accepted answer and pinned ones first',
        params: idParams,
        querystring: z.object({ cursor: queryText }),
        response: answers({ 200: replyPageSchema }),
      },
    },
    async (request, reply) => {
      // A public post's replies are the same for everyone; a pending post's only for its author and staff.
      const cached = await replies.publicReplies(request.params.id, request.query.cursor);
      if (cached) return sendCached(request, reply, cached);
      return replies.listReplies(await posts.viewerOf(await request.member()), request.params.id, request.query.cursor);
    },
  );

  app.get(
    '/api/posts/:id/helpful-marks',
    {
      schema: {
        summary: 'Which of a post’s replies the member marked helpful',
        params: idParams,
        response: answers({ 200: helpfulMarksSchema }),
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return replies.helpfulMarks(viewerFrom(await app.requireMember(request)), request.params.id);
    },
  );

  app.post(
    '/api/posts/:id/replies',
    {
      config: replyLimit,
      preValidation: confirmedMember(communitySwitches(plainApp.services.settings)),
      schema: {
        summary: 'Reply to a post',
        params: idParams,
        body: createReplySchema,
        response: answers({ 201: replySchema }),
      },
    },
    async (request, reply) =>
      reply.status(201).send(await replies.createReply(verified(request), request.params.id, request.body)),
  );

  app.get(
    '/api/posts/:id/held-replies',
    {
      preValidation: signedIn,
      schema: {
        summary: 'A post’s replies only the member (their own) or staff (all) see: waiting for review or hidden',
        params: idParams,
        response: answers({ 200: heldRepliesSchema }),
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return replies.heldReplies(viewerFrom(verified(request)), request.params.id);
    },
  );

  app.get(
    '/api/admin/pending-replies',
    {
      preValidation: staffOnly,
      schema: { summary: 'Replies waiting for review', response: answers({ 200: heldRepliesSchema }) },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return replies.pendingReplies();
    },
  );

  app.post(
    '/api/admin/replies/:id/approve',
    {
      preValidation: staffOnly,
      schema: {
        summary: 'Approve a reply waiting for review',
        params: idParams,
        response: answers({ 200: replyActionResultSchema }),
      },
    },
    async (request) => replies.approveReply(verified(request), request.params.id),
  );
}
