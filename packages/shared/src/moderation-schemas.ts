import { z } from 'zod';
import { LIMITS } from './limits.js';
import { ROLES } from './moderation.js';
import { MSG } from './messages.js';
import { BAN_DURATIONS, DEFAULT_BAN_DURATION, DELETE_USER_WORD } from './moderation.js';

export const banSchema = z.object({
  reason: z
    .string({ error: MSG.banReasonPrompt })
    .trim()
    .min(1, MSG.banReasonPrompt)
    .max(LIMITS.banReason.max, MSG.reasonTooLong),
  duration: z.enum(BAN_DURATIONS).default(DEFAULT_BAN_DURATION),
});
export type BanInput = z.infer<typeof banSchema>;

export const roleChangeSchema = z.object({ role: z.enum(ROLES) });

export const deleteUserSchema = z.object({
  confirm: z.literal(DELETE_USER_WORD, MSG.confirmWord(DELETE_USER_WORD)),
});
