import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config/env.js';
import type { DetectionService } from './service.js';

// Staff only (visitors 401, members 403): correcting an image's object, and retrying a failed detection.
export async function detectionRoutes(app: FastifyInstance, opts: { config: Config; detection: DetectionService }) {
  const { config, detection } = opts;
  const overrideLimit = {
    rateLimit: {
      max: config.rateLimit.overrides,
      timeWindow: config.rateLimit.windowSeconds * 1000,
      keyGenerator: async (request: FastifyRequest) => (await request.member())?.id ?? request.ip,
    },
  };

  // SPEC section 7 'admin-regenerate-image-embedding' {imageId, userConfirmedObject}; the answer reads newDetection.object.
  app.post('/api/admin/regenerate-image-embedding', { config: overrideLimit }, async (request) =>
    detection.override(await app.requireStaff(request), request.body));

  app.post<{ Params: { id: string } }>('/api/admin/images/:id/retry-detection', async (request) => {
    await app.requireStaff(request);
    return detection.retry(request.params.id);
  });
}
