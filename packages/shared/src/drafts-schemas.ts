import { z } from 'zod';
import { MSG } from './messages.js';
import { text } from './text.js';
import { DRAFT_LIMITS } from './drafts.js';
import { LIMITS } from './limits.js';
import { authorSchema } from './responses-schemas.js';

const draftText = (max: number) => text().max(max, MSG.draftTooLong);

/** PUT /api/drafts/question: the ask form as typed. */
export const questionDraftFieldsSchema = z.object({
  topic: z.string().max(30, MSG.draftTooLong).default(''),
  title: draftText(DRAFT_LIMITS.titleMax).default(''),
  description: draftText(DRAFT_LIMITS.textMax).default(''),
  tags: z.array(draftText(DRAFT_LIMITS.tagLength)).max(DRAFT_LIMITS.tags, MSG.draftTooLong).default([]),
});

/** PUT /api/drafts/replies/:postId: the reply form as typed. */
export const replyDraftFieldsSchema = z.object({ content: draftText(DRAFT_LIMITS.textMax) });

/** An edit's draft: the form as typed and the version of the question or reply it started from. */
const editedVersion = z.number().int().min(0);
export const questionEditDraftFieldsSchema = questionDraftFieldsSchema.extend({ version: editedVersion });
export const replyEditDraftFieldsSchema = replyDraftFieldsSchema.extend({ version: editedVersion });

export const saveQuestionDraftSchema = z.object({ fields: questionDraftFieldsSchema });
export const saveReplyDraftSchema = z.object({ fields: replyDraftFieldsSchema });
export const saveQuestionEditDraftSchema = z.object({ fields: questionEditDraftFieldsSchema });
export const saveReplyEditDraftSchema = z.object({ fields: replyEditDraftFieldsSchema });

export const questionDraftSchema = z.object({
  draft: z.object({ fields: questionDraftFieldsSchema, updatedAt: z.string() }).nullable(),
});
export const replyDraftSchema = z.object({
  draft: z.object({ fields: replyDraftFieldsSchema, updatedAt: z.string() }).nullable(),
});
export const questionEditDraftSchema = z.object({
  draft: z.object({ fields: questionEditDraftFieldsSchema, updatedAt: z.string() }).nullable(),
});
export const replyEditDraftSchema = z.object({
  draft: z.object({ fields: replyEditDraftFieldsSchema, updatedAt: z.string() }).nullable(),
});

/** POST /api/markdown/preview: the composer's Preview, rendered by the same renderer as the page. */
export const markdownPreviewRequestSchema = z.object({ text: draftText(DRAFT_LIMITS.textMax) });
export const markdownPreviewSchema = z.object({ html: z.string() });

/** GET /api/mentions/suggestions?q=ro&postId=...: the letters after '@', and the post replied to (its people first). */
export const mentionSuggestionsQuerySchema = z.object({
  q: z
    .string()
    .min(1)
    .max(LIMITS.username.max)
    .regex(/^[A-Za-z0-9_-]+$/, MSG.invalidMentionQuery),
  postId: z.uuid().optional(),
});
export const mentionSuggestionsSchema = z.object({ members: z.array(authorSchema) });
