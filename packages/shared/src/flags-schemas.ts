import { z } from 'zod';
import { LIMITS } from './limits.js';
import { replySchema } from './responses-schemas.js';
import { MSG } from './messages.js';
import {
  FLAG_DECISIONS,
  FLAG_REASONS,
  type FlagDecisionResult,
  type FlagQueue,
  type FlagResult,
  type HeldReply,
} from './flags.js';
import { BAN_DURATIONS } from './moderation.js';
import { TRUST_LEVELS } from './trust.js';

// Requests and answers of flags, trust locks and email verification (issue 26).

/** 'Something else' needs a note of 10-500 characters; any other reason may carry one up to 500. */
export const flagInputSchema = z
  .object({
    reason: z.enum(FLAG_REASONS, { error: MSG.chooseFlagReason }),
    note: z.string().trim().max(LIMITS.flagNote.max, MSG.flagNoteLength).optional(),
  })
  .refine((f) => f.reason !== 'other' || (f.note ?? '').length >= LIMITS.flagNote.min, {
    message: MSG.flagNoteLength,
    path: ['note'],
  });
export type FlagInput = z.infer<typeof flagInputSchema>;

export const flagTargetParams = z.object({
  targetType: z.enum(['post', 'reply']),
  targetId: z.string(),
  decision: z.enum(FLAG_DECISIONS),
});

/** Only 'delete-and-ban' reads it: the ban's reason and one of the existing durations. */
export const flagDecisionInputSchema = z
  .object({
    reason: z.string().trim().min(1, MSG.banReasonPrompt).max(LIMITS.banReason.max, MSG.reasonTooLong).optional(),
    duration: z.enum(BAN_DURATIONS).optional(),
  })
  .default({});
export type FlagDecisionInput = z.infer<typeof flagDecisionInputSchema>;

export const trustLockSchema = z.object({
  level: z.union(
    TRUST_LEVELS.map((l) => z.literal(l)) as [z.ZodLiteral<0>, z.ZodLiteral<1>, z.ZodLiteral<2>, z.ZodLiteral<3>],
  ),
  locked: z.boolean(),
});
export type TrustLockInput = z.infer<typeof trustLockSchema>;

export const flagResultSchema = z.object({ hidden: z.boolean(), message: z.string() }) satisfies z.ZodType<FlagResult>;

const flaggedItemSchema = z.object({
  targetType: z.enum(['post', 'reply']),
  targetId: z.string(),
  postId: z.string(),
  postTitle: z.string(),
  content: z.string(),
  author: z.object({ id: z.string().nullable(), username: z.string() }),
  hidden: z.boolean(),
  flags: z.array(
    z.object({
      id: z.string(),
      reason: z.enum(FLAG_REASONS),
      note: z.string().nullable(),
      flagger: z.object({
        id: z.string().nullable(),
        username: z.string(),
        trustLevel: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
      }),
      createdAt: z.string(),
    }),
  ),
});
export const flagQueueSchema = z.object({ items: z.array(flaggedItemSchema) }) satisfies z.ZodType<FlagQueue>;

export const flagDecisionResultSchema = z.object({
  targetType: z.enum(['post', 'reply']),
  targetId: z.string(),
  decision: z.enum(FLAG_DECISIONS),
  authorBanned: z.boolean(),
  message: z.string(),
}) satisfies z.ZodType<FlagDecisionResult>;

/** A reply only its author and staff see: waiting for review (a new member's first, or edited after hiding) or hidden. */
export const heldReplySchema = replySchema.extend({
  held: z.enum(['pending', 'hidden']),
  postTitle: z.string(),
}) satisfies z.ZodType<HeldReply>;
export const heldRepliesSchema = z.object({ replies: z.array(heldReplySchema) });
