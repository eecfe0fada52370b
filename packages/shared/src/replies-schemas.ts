import { z } from 'zod';
import { LIMITS } from './limits.js';
import { MSG } from './messages.js';

export const replyContentSchema = z
  .string({ error: MSG.replyMin })
  .trim()
  .min(LIMITS.reply.min, MSG.replyMin)
  .max(LIMITS.reply.max, MSG.replyMax);

export const createReplySchema = z.object({
  content: replyContentSchema,
  imageUploadIds: z.array(z.uuid()).max(LIMITS.images.perReply, MSG.maxImages).default([]),
});
export type CreateReplyInput = z.infer<typeof createReplySchema>;
