import { LIMITS } from './limits.js';

// Drafts (issue 25 'Composing'): what a member typed into the ask form or a reply form, kept in the browser at once
// and on the server every few seconds, so a reload or another device loses nothing. Files are not kept.

/** The ask form's fields as typed (any may still be empty or break its rule: it is a draft). */
export interface QuestionDraftFields {
  topic: string;
  title: string;
  description: string;
  tags: string[];
}

/** A reply form's text as typed. */
export interface ReplyDraftFields {
  content: string;
}

/**
 * An edit's draft (a stored question or reply being changed): the fields as typed and the version they started from,
 * so a save from a restored draft is refused as any stale edit is when the question or reply changed meanwhile.
 */
export type QuestionEditDraftFields = QuestionDraftFields & { version: number };
export type ReplyEditDraftFields = ReplyDraftFields & { version: number };

export type DraftFields = QuestionDraftFields | ReplyDraftFields | QuestionEditDraftFields | ReplyEditDraftFields;

/** Which draft: the question being asked, a post's reply, or an edit of a question or a reply. */
export type DraftTarget = 'question' | { postId: string } | { editPostId: string } | { editReplyId: string };

/** GET/PUT /api/drafts/question, /api/drafts/replies/:postId, /api/drafts/question-edits/:postId and /api/drafts/reply-edits/:replyId. */
export interface Draft<F extends DraftFields = DraftFields> {
  fields: F;
  updatedAt: string;
}

export const DRAFT_LIMITS = {
  /** A draft's text may run past the posting limit (the form says so); this keeps a row bounded. */
  textMax: Math.max(LIMITS.description.max, LIMITS.reply.max) * 2,
  titleMax: LIMITS.title.max * 2,
  tags: LIMITS.tags.max * 2,
  tagLength: LIMITS.tags.maxLength * 2,
  /** How long typing pauses before the draft is saved on the server. */
  saveAfterMs: 3000,
} as const;

/** One word for a target: 'question', 'reply:<post>', 'edit-question:<post>' or 'edit-reply:<reply>'. */
export function draftTargetKey(target: DraftTarget): string {
  if (target === 'question') return 'question';
  if ('postId' in target) return `reply:${target.postId}`;
  if ('editPostId' in target) return `edit-question:${target.editPostId}`;
  return `edit-reply:${target.editReplyId}`;
}

/** The browser's copy of a draft (localStorage), per member and target: 'draft:<member>:question', ':reply:<post>'... */
export const draftStorageKey = (memberId: string | null, target: DraftTarget) =>
  `draft:${memberId ?? 'visitor'}:${draftTargetKey(target)}`;

/** Is there anything in it worth keeping? */
export function draftHasText(fields: DraftFields): boolean {
  if ('content' in fields) return fields.content.trim() !== '';
  return Boolean(fields.title.trim() || fields.description.trim() || fields.tags.length || fields.topic);
}
