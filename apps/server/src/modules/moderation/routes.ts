import type { FastifyInstance } from 'fastify';
import type { ModerationService } from './service.js';

type IdParams = { Params: { id: string } };

// The review queue: staff only (admin or moderator); visitors get 401, members 403.
export async function moderationRoutes(app: FastifyInstance, opts: { moderation: ModerationService }) {
  const { moderation } = opts;

  app.get('/api/admin/stats', async (request) => {
    await app.requireStaff(request);
    return moderation.stats();
  });

  app.get('/api/admin/pending', async (request) => moderation.pending(await app.requireStaff(request)));

  app.post<IdParams>('/api/admin/posts/:id/approve', async (request) =>
    moderation.approve(await app.requireStaff(request), request.params.id));

  app.post<IdParams>('/api/admin/posts/:id/deny', async (request) =>
    moderation.deny(await app.requireStaff(request), request.params.id, request.body));
}
