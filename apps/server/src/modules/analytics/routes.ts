import type { FastifyInstance } from 'fastify';
import type { AnalyticsService } from './service.js';

// Staff only, like every /api/admin route: visitors get 401, members 403.
export async function analyticsRoutes(app: FastifyInstance, opts: { analytics: AnalyticsService }) {
  app.get('/api/admin/analytics', async (request, reply) => {
    await app.requireStaff(request);
    reply.header('Cache-Control', 'no-store');
    return opts.analytics.report(request.query);
  });
}
