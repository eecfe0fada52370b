import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminStatsSchema,
  denySchema,
  moderationLogPageSchema,
  moderationResultSchema,
  pendingPostsSchema,
  postActionResultSchema,
  replyActionResultSchema,
} from '@fenestra/shared';
import { answers, idParams, staffOnly, verified } from '../../lib/route-contract.js';
import type { ModerationService } from './service.js';
import type { PostActionsService } from './post-actions.js';
import { logQuery, type ModerationLogService } from './log-service.js';

// The review queue, post and reply actions, and the log: staff only (admin or moderator); visitors get 401, members 403.
export async function moderationRoutes(
  plainApp: FastifyInstance,
  opts: { moderation: ModerationService; postActions: PostActionsService; log: ModerationLogService },
) {
  const app = plainApp.withTypeProvider<ZodTypeProvider>();
  const { moderation, postActions, log } = opts;
  const decided = answers({ 200: moderationResultSchema });
  const postAction = (summary: string) => ({
    schema: { summary, params: idParams, response: answers({ 200: postActionResultSchema }) },
  });
  const replyAction = (summary: string) => ({
    schema: { summary, params: idParams, response: answers({ 200: replyActionResultSchema }) },
  });

  app.get(
    '/api/admin/stats',
    { schema: { summary: 'The moderation page’s stat cards', response: answers({ 200: adminStatsSchema }) } },
    async (request) => {
      await app.requireStaff(request);
      return moderation.stats();
    },
  );

  app.get(
    '/api/admin/pending',
    { schema: { summary: 'Posts waiting for review', response: answers({ 200: pendingPostsSchema }) } },
    async (request) => moderation.pending(await app.requireStaff(request)),
  );

  app.post(
    '/api/admin/posts/:id/approve',
    { schema: { summary: 'Approve a pending post', params: idParams, response: decided } },
    async (request) => moderation.approve(await app.requireStaff(request), request.params.id),
  );

  app.post(
    '/api/admin/posts/:id/deny',
    {
      preValidation: staffOnly,
      schema: { summary: 'Deny a pending post', params: idParams, body: denySchema, response: decided },
    },
    async (request) => moderation.deny(verified(request), request.params.id, request.body),
  );

  app.post('/api/admin/posts/:id/solve', postAction('Mark a post solved'), async (request) =>
    postActions.move(await app.requireStaff(request), request.params.id, 'solve'),
  );

  app.post('/api/admin/posts/:id/reopen', postAction('Reopen a solved post'), async (request) =>
    postActions.move(await app.requireStaff(request), request.params.id, 'reopen'),
  );

  app.post('/api/admin/posts/:id/unapprove', postAction('Send a post back to review'), async (request) =>
    postActions.move(await app.requireStaff(request), request.params.id, 'unapprove'),
  );

  app.delete('/api/admin/posts/:id', postAction('Delete a post'), async (request) =>
    postActions.deletePost(await app.requireStaff(request), request.params.id),
  );

  app.post('/api/admin/replies/:id/pin', replyAction('Pin a reply'), async (request) =>
    postActions.setPinned(await app.requireStaff(request), request.params.id, true),
  );

  app.post('/api/admin/replies/:id/unpin', replyAction('Unpin a reply'), async (request) =>
    postActions.setPinned(await app.requireStaff(request), request.params.id, false),
  );

  app.delete('/api/admin/replies/:id', replyAction('Delete a reply'), async (request) =>
    postActions.deleteReply(await app.requireStaff(request), request.params.id),
  );

  app.get(
    '/api/admin/log',
    {
      preValidation: staffOnly,
      schema: {
        summary: 'The moderation log',
        querystring: logQuery,
        response: answers({ 200: moderationLogPageSchema }),
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return log.page(request.query);
    },
  );
}
