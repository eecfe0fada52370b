import { z } from 'zod';
import { DIGEST_FREQUENCIES, NOTIFICATION_FILTERS } from './what-is-new.js';

// Zod contracts of what-is-new.ts (the routes validate with them; the OpenAPI document is drawn from them).

export const markReadSchema = z.object({ replyId: z.uuid().nullish() });
export type MarkReadInput = z.infer<typeof markReadSchema>;

export const readMarkSchema = z.object({ readUntil: z.string().nullable() });

export const newReplyCountsSchema = z.object({ counts: z.record(z.string(), z.number().int().nonnegative()) });

export const notificationFilterSchema = z.enum(NOTIFICATION_FILTERS);

export const digestSchema = z.object({ digest: z.enum(DIGEST_FREQUENCIES) });
export type DigestInput = z.infer<typeof digestSchema>;
