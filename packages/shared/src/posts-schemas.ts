import { z } from 'zod';
import { LIMITS, TOPICS } from './limits.js';
import { MSG } from './messages.js';
import { TAG_CHARS } from './tags.js';
import { text } from './text.js';

// The ask form's rules (SPEC section 5), used by the form, the API and the tests.
export const tagSchema = text()
  .trim()
  .min(LIMITS.tags.min, MSG.tagMin)
  .max(LIMITS.tags.maxLength, MSG.tagMax)
  .regex(TAG_CHARS, MSG.tagChars);

export const askSchema = z.object({
  topic: z.enum(TOPICS, MSG.topicRequired),
  title: text({ error: MSG.titleMin }).trim().min(LIMITS.title.min, MSG.titleMin).max(LIMITS.title.max, MSG.titleMax),
  description: text({ error: MSG.descriptionMin })
    .trim()
    .min(LIMITS.description.min, MSG.descriptionMin)
    .max(LIMITS.description.max, MSG.descriptionMax),
  tags: z.array(tagSchema).max(LIMITS.tags.max, MSG.tagsMax).default([]),
});
export type AskInput = z.infer<typeof askSchema>;

/** What POST /api/posts takes: the form plus the ids of files already uploaded by this member. */
export const createPostSchema = askSchema.extend({
  imageUploadIds: z.array(z.uuid()).max(LIMITS.images.perPost, MSG.maxImages).default([]),
  videoUploadId: z.uuid().nullable().default(null),
});
export type CreatePostInput = z.infer<typeof createPostSchema>;

// Moderation.
export const denySchema = z.object({
  reason: text({ error: MSG.reasonRequired })
    .trim()
    .min(1, MSG.reasonRequired)
    .max(LIMITS.denyReason.max, MSG.reasonTooLong),
  banAuthor: z.boolean().default(false),
});
export type DenyInput = z.infer<typeof denySchema>;
