import { z } from 'zod';
import { LIMITS } from './limits.js';
import { MSG } from './messages.js';
import { mentionedNames } from './member-text.js';

export const replyContentSchema = z
  .string({ error: MSG.replyMin })
  .trim()
  .min(LIMITS.reply.min, MSG.replyMin)
  .max(LIMITS.reply.max, MSG.replyMax)
  .refine((content) => mentionedNames(content).length <= LIMITS.mentionsPerReply, MSG.tooManyMentions);

export const createReplySchema = z.object({
  content: replyContentSchema,
  imageUploadIds: z.array(z.uuid()).max(LIMITS.images.perReply, MSG.maxImages).default([]),
});
export type CreateReplyInput = z.infer<typeof createReplySchema>;
