import type { FastifyInstance } from 'fastify';
import type { ModerationService } from './service.js';
import type { PostActionsService } from './post-actions.js';
import type { ModerationLogService } from './log-service.js';

type IdParams = { Params: { id: string } };

// The review queue, post and reply actions, and the log: staff only (admin or moderator); visitors get 401, members 403.
export async function moderationRoutes(
  app: FastifyInstance,
  opts: { moderation: ModerationService; postActions: PostActionsService; log: ModerationLogService },
) {
  const { moderation, postActions, log } = opts;

  app.get('/api/admin/stats', async (request) => {
    await app.requireStaff(request);
    return moderation.stats();
  });

  app.get('/api/admin/pending', async (request) => moderation.pending(await app.requireStaff(request)));

  app.post<IdParams>('/api/admin/posts/:id/approve', async (request) =>
    moderation.approve(await app.requireStaff(request), request.params.id));

  app.post<IdParams>('/api/admin/posts/:id/deny', async (request) =>
    moderation.deny(await app.requireStaff(request), request.params.id, request.body));

  app.post<IdParams>('/api/admin/posts/:id/solve', async (request) =>
    postActions.move(await app.requireStaff(request), request.params.id, 'solve'));

  app.post<IdParams>('/api/admin/posts/:id/reopen', async (request) =>
    postActions.move(await app.requireStaff(request), request.params.id, 'reopen'));

  app.post<IdParams>('/api/admin/posts/:id/unapprove', async (request) =>
    postActions.move(await app.requireStaff(request), request.params.id, 'unapprove'));

  app.delete<IdParams>('/api/admin/posts/:id', async (request) =>
    postActions.deletePost(await app.requireStaff(request), request.params.id));

  app.post<IdParams>('/api/admin/replies/:id/pin', async (request) =>
    postActions.setPinned(await app.requireStaff(request), request.params.id, true));

  app.post<IdParams>('/api/admin/replies/:id/unpin', async (request) =>
    postActions.setPinned(await app.requireStaff(request), request.params.id, false));

  app.delete<IdParams>('/api/admin/replies/:id', async (request) =>
    postActions.deleteReply(await app.requireStaff(request), request.params.id));

  app.get('/api/admin/log', async (request, reply) => {
    await app.requireStaff(request);
    reply.header('Cache-Control', 'no-store');
    return log.page(request.query);
  });
}
