import { z } from 'zod';
import { DETECTION_LIMITS, DETECTION_TEXT } from './detection.js';
import { text } from './text.js';
import { LIMITS } from './limits.js';

/** POST /api/admin/regenerate-image-embedding (SPEC section 7 'admin-regenerate-image-embedding'). */
export const overrideDetectionSchema = z.object({
  imageId: z.uuid({ error: DETECTION_TEXT.fallback }),
  userConfirmedObject: text({ error: DETECTION_TEXT.objectRequired })
    .trim()
    .min(1, DETECTION_TEXT.objectRequired)
    .max(DETECTION_LIMITS.objectName, DETECTION_TEXT.objectTooLong),
});
export type OverrideDetectionInput = z.infer<typeof overrideDetectionSchema>;

/** POST /api/uploads/:id/detection: the ask form's words when its photo is sent to be read (they may help choose a part). */
export const draftDetectionBodySchema = z.object({
  title: z.string().max(LIMITS.title.max).default(''),
  description: z.string().max(LIMITS.description.max).default(''),
});
export type DraftDetectionBody = z.infer<typeof draftDetectionBodySchema>;
