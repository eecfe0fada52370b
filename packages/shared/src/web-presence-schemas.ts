import { z } from 'zod';
import { MSG } from './messages.js';

const partNameText = z
  .string()
  .trim()
  .max(100, MSG.partNameTooLong)
  .transform((value) => (value === '' ? null : value));

/** PATCH /api/parts/:number (staff): the part's name and category ('' clears one). */
export const namePartSchema = z.object({
  name: partNameText.nullable().default(null),
  category: partNameText.nullable().default(null),
});
export type NamePartInput = z.infer<typeof namePartSchema>;

/** POST /api/parts/:number/merge (staff): merge this number into another. */
export const mergePartSchema = z.object({
  into: z.string().trim().min(1, MSG.partNumberRequired).max(60, MSG.partNumberRequired),
});
export type MergePartInput = z.infer<typeof mergePartSchema>;

const partSchema = z.object({
  key: z.string(),
  number: z.string(),
  name: z.string().nullable(),
  category: z.string().nullable(),
  namedByStaff: z.boolean(),
  mergedNumbers: z.array(z.string()),
});

export const partPageSchema = z.object({
  part: partSchema,
  photos: z.array(z.object({ id: z.string(), postId: z.string(), imageUrl: z.string(), alt: z.string() })),
  questions: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      status: z.enum(['open', 'solved']),
      replyCount: z.number(),
      createdAt: z.string(),
      answer: z.object({ kind: z.enum(['accepted', 'pinned']), text: z.string(), author: z.string() }).nullable(),
    }),
  ),
  similar: z.array(z.object({ key: z.string(), number: z.string(), name: z.string().nullable() })),
});

export const partMatchesSchema = z.object({
  parts: z.array(z.object({ key: z.string(), number: z.string(), name: z.string().nullable(), questions: z.number() })),
});

export const tagCountsSchema = z.object({ tags: z.array(z.object({ tag: z.string(), count: z.number() })) });

/** What a staff change to a part answers: the part's key now (a merge's target) and what to say. */
export const partChangeResultSchema = z.object({ key: z.string(), message: z.string() });
