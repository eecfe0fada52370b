import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { analyticsQuerySchema, analyticsReportSchema } from '@fenestra/shared';
import { answers, staffOnly } from '../../lib/route-contract.js';
import type { AnalyticsService } from './service.js';

// Staff only, like every /api/admin route: visitors get 401, members 403.
export async function analyticsRoutes(plainApp: FastifyInstance, opts: { analytics: AnalyticsService }) {
  plainApp.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/analytics',
    {
      preValidation: staffOnly,
      schema: {
        summary: 'The analytics report of a period',
        querystring: analyticsQuerySchema,
        response: answers({ 200: analyticsReportSchema }),
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return opts.analytics.report(request.query);
    },
  );
}
