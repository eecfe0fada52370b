import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  flagDecisionInputSchema,
  flagDecisionResultSchema,
  flagInputSchema,
  flagQueueSchema,
  flagResultSchema,
  flagTargetParams,
} from '@fenestra/shared';
import type { Config } from '../../config/env.js';
import { communitySwitches } from '../../config/community.js';
import { answers, confirmedMember, idParams, staffOnly, verified } from '../../lib/route-contract.js';
import type { FlagsService } from './service.js';

// Flags (issue 26): members raise them on what they may see; staff decide them from the Flags tab.
export async function flagRoutes(plainApp: FastifyInstance, opts: { config: Config; flags: FlagsService }) {
  const app = plainApp.withTypeProvider<ZodTypeProvider>();
  const { flags } = opts;
  const confirmed = confirmedMember(communitySwitches(plainApp.services.settings));
  const raise = (summary: string) => ({
    preValidation: confirmed,
    schema: { summary, params: idParams, body: flagInputSchema, response: answers({ 201: flagResultSchema }) },
  });

  app.post('/api/posts/:id/flag', raise('Flag a question'), async (request, reply) =>
    reply.status(201).send(await flags.flag(verified(request), 'post', request.params.id, request.body)),
  );

  app.post('/api/replies/:id/flag', raise('Flag a reply'), async (request, reply) =>
    reply.status(201).send(await flags.flag(verified(request), 'reply', request.params.id, request.body)),
  );

  app.get(
    '/api/admin/flags',
    {
      preValidation: staffOnly,
      schema: {
        summary: 'Flagged questions and replies with their open flags',
        response: answers({ 200: flagQueueSchema }),
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return flags.queue();
    },
  );

  app.post(
    '/api/admin/flags/:targetType/:targetId/:decision',
    {
      preValidation: staffOnly,
      schema: {
        summary: 'Decide a flagged item’s open flags: dismiss, hide, delete, or delete and ban its author',
        params: flagTargetParams,
        body: flagDecisionInputSchema,
        response: answers({ 200: flagDecisionResultSchema }),
      },
    },
    async (request) => {
      const { targetType, targetId, decision } = request.params;
      const body = request.body;
      const ban =
        decision === 'delete-and-ban' && body.reason
          ? { reason: body.reason, duration: body.duration ?? 'permanent' }
          : undefined;
      return flags.decide(verified(request), targetType, targetId, decision, ban);
    },
  );
}
