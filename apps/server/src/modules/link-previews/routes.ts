import type { FastifyInstance } from 'fastify';
import { linkPreviewRequestSchema } from '@fenestra/shared';
import type { Config } from '../../config/env.js';
import type { LinkPreviewsService } from './service.js';

export async function linkPreviewRoutes(app: FastifyInstance, opts: { config: Config; linkPreviews: LinkPreviewsService }) {
  const { config, linkPreviews } = opts;
  const limited = { rateLimit: { max: config.rateLimit.previews, timeWindow: config.rateLimit.windowSeconds * 1000 } };

  // The card for a link typed in the reply form; 204 when the link gives none (refused, failed, no title).
  app.post('/api/link-preview', { config: limited }, async (request, reply) => {
    await app.requireMember(request);
    const { url } = linkPreviewRequestSchema.parse(request.body ?? {});
    const preview = await linkPreviews.preview(url);
    return preview ? preview : reply.status(204).send();
  });
}
