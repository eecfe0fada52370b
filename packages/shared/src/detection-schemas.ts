import { z } from 'zod';
import { DETECTION_LIMITS, DETECTION_TEXT } from './detection.js';
import { text } from './text.js';

/** POST /api/admin/regenerate-image-embedding (SPEC section 7 'admin-regenerate-image-embedding'). */
export const overrideDetectionSchema = z.object({
  imageId: z.uuid({ error: DETECTION_TEXT.fallback }),
  userConfirmedObject: text({ error: DETECTION_TEXT.objectRequired }).trim()
    .min(1, DETECTION_TEXT.objectRequired).max(DETECTION_LIMITS.objectName, DETECTION_TEXT.objectTooLong),
});
export type OverrideDetectionInput = z.infer<typeof overrideDetectionSchema>;
