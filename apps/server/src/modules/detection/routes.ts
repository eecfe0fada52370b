import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  detectionRetrySchema,
  draftDetectionBodySchema,
  draftDetectionSchema,
  overrideDetectionResultSchema,
  overrideDetectionSchema,
} from '@fenestra/shared';
import type { Config } from '../../config/env.js';
import { answers, idParams, staffOnly, verified } from '../../lib/route-contract.js';
import { unauthorized } from '../../lib/errors.js';
import { MSG } from '@fenestra/shared';
import type { DetectionService } from './service.js';
import { rateLimitRule } from '../../lib/rate-limit-rule.js';

// Staff only (visitors 401, members 403): correcting an image's object, and retrying a failed detection.
export async function detectionRoutes(
  plainApp: FastifyInstance,
  opts: { config: Config; detection: DetectionService },
) {
  const app = plainApp.withTypeProvider<ZodTypeProvider>();
  const { config, detection } = opts;
  const overrideLimit = {
    rateLimit: {
      ...rateLimitRule(plainApp.services.settings, 'rateLimitOverrides'),
      keyGenerator: async (request: FastifyRequest) => (await request.member())?.id ?? request.ip,
    },
  };

  // SPEC section 7 'admin-regenerate-image-embedding' {imageId, userConfirmedObject}; the answer reads newDetection.object.
  app.post(
    '/api/admin/regenerate-image-embedding',
    {
      config: overrideLimit,
      preValidation: staffOnly,
      schema: {
        summary: 'Correct the object detected in a photo (staff)',
        body: overrideDetectionSchema,
        response: answers({ 200: overrideDetectionResultSchema }),
      },
    },
    async (request) => detection.override(verified(request), request.body),
  );

  // A question's photo on the ask form, read before the question is posted (issue 24): its uploader only.
  const uploader = async (request: FastifyRequest) => {
    if (!(await request.member())) throw unauthorized(MSG.signInToUpload);
    return app.requireMember(request);
  };
  app.post(
    '/api/uploads/:id/detection',
    {
      config: {
        rateLimit: { max: config.rateLimit.uploads, timeWindow: config.rateLimit.windowSeconds * 1000 },
      },
      schema: {
        summary: 'Have a photo read before its question is posted (the ask form)',
        params: idParams,
        body: draftDetectionBodySchema,
        response: answers({ 200: draftDetectionSchema }),
      },
    },
    async (request) => detection.detectDraft(await uploader(request), request.params.id, request.body),
  );
  app.get(
    '/api/uploads/:id/detection',
    {
      schema: {
        summary: 'What was read in a photo before its question was posted',
        params: idParams,
        response: answers({ 200: draftDetectionSchema }),
      },
    },
    async (request) => detection.draftDetection(await uploader(request), request.params.id),
  );

  app.post(
    '/api/admin/images/:id/retry-detection',
    {
      schema: {
        summary: 'Detect a photo again after a failure (staff)',
        params: idParams,
        response: answers({ 200: detectionRetrySchema }),
      },
    },
    async (request) => {
      await app.requireStaff(request);
      return detection.retry(request.params.id);
    },
  );
}
