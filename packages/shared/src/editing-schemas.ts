import { z } from 'zod';
import { LIMITS } from './limits.js';
import { MSG } from './messages.js';
import { askSchema } from './posts-schemas.js';
import { replyContentSchema } from './replies-schemas.js';

const version = z.number().int().min(1);

/** PATCH /api/posts/:id: the ask form's fields, the photos kept (by id) and added (upload ids), the video, the version edited. */
export const editPostSchema = askSchema
  .extend({
    keepImageIds: z.array(z.uuid()).max(LIMITS.images.perPost, MSG.maxImages).default([]),
    imageUploadIds: z.array(z.uuid()).max(LIMITS.images.perPost, MSG.maxImages).default([]),
    /** Keep the stored video (false removes it); a new upload replaces it. */
    keepVideo: z.boolean().default(true),
    videoUploadId: z.uuid().nullable().default(null),
    version,
  })
  .refine((input) => input.keepImageIds.length + input.imageUploadIds.length <= LIMITS.images.perPost, {
    message: MSG.maxImages,
    path: ['imageUploadIds'],
  })
  .refine((input) => !(input.keepVideo && input.videoUploadId), {
    message: MSG.maxVideos,
    path: ['videoUploadId'],
  });
export type EditPostInput = z.infer<typeof editPostSchema>;

/** PATCH /api/replies/:id: the text, the photos kept and added, the version edited. */
export const editReplySchema = z
  .object({
    content: replyContentSchema,
    keepImageIds: z.array(z.uuid()).max(LIMITS.images.perReply, MSG.maxImages).default([]),
    imageUploadIds: z.array(z.uuid()).max(LIMITS.images.perReply, MSG.maxImages).default([]),
    version,
  })
  .refine((input) => input.keepImageIds.length + input.imageUploadIds.length <= LIMITS.images.perReply, {
    message: MSG.maxImages,
    path: ['imageUploadIds'],
  });
export type EditReplyInput = z.infer<typeof editReplySchema>;

/** POST /api/posts/:id/accept. */
export const acceptReplySchema = z.object({ replyId: z.uuid(MSG.replyNotFound) });
export type AcceptReplyInput = z.infer<typeof acceptReplySchema>;
