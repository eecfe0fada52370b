import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { linkPreviewRequestSchema, linkPreviewSchema, noBodySchema } from '@fenestra/shared';
import type { Config } from '../../config/env.js';
import { answers, noContent, signedIn } from '../../lib/route-contract.js';
import type { LinkPreviewsService } from './service.js';
import { rateLimitRule } from '../../lib/rate-limit-rule.js';

export async function linkPreviewRoutes(
  plainApp: FastifyInstance,
  opts: { config: Config; linkPreviews: LinkPreviewsService },
) {
  const app = plainApp.withTypeProvider<ZodTypeProvider>();
  const { linkPreviews } = opts;
  const limited = { rateLimit: rateLimitRule(plainApp.services.settings, 'rateLimitPreviews') };

  // The card for a link typed in the reply form; 204 when the link gives none (refused, failed, no title).
  app.post(
    '/api/link-preview',
    {
      config: limited,
      preValidation: signedIn,
      schema: {
        summary: 'A link’s card, for the reply form',
        body: linkPreviewRequestSchema,
        response: answers({ 200: linkPreviewSchema, 204: noBodySchema }),
      },
    },
    async (request, reply) => {
      const preview = await linkPreviews.preview(request.body.url);
      return preview ? preview : noContent(reply);
    },
  );
}
