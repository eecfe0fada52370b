import type { Draft, DraftFields, DraftTarget } from '@fenestra/shared';
import { api } from '../api-client';

export type { DraftTarget };

/** Where a draft lives on the server: the question draft, a post's reply draft, or the draft of an edit. */
function draftPath(target: DraftTarget) {
  if (target === 'question') return '/api/drafts/question';
  if ('postId' in target) return `/api/drafts/replies/${encodeURIComponent(target.postId)}`;
  if ('editPostId' in target) return `/api/drafts/question-edits/${encodeURIComponent(target.editPostId)}`;
  return `/api/drafts/reply-edits/${encodeURIComponent(target.editReplyId)}`;
}

/** GET: the member's draft, or null. */
export const getDraft = <F extends DraftFields>(target: DraftTarget) =>
  api<{ draft: Draft<F> | null }>(draftPath(target)).then((answer) => answer.draft);

/** PUT: keep what is typed (the last save wins). */
export const saveDraft = (target: DraftTarget, fields: DraftFields) =>
  api<{ draft: Draft }>(draftPath(target), { method: 'PUT', body: { fields } });

/** DELETE: Discard. */
export const discardDraft = (target: DraftTarget) => api<void>(draftPath(target), { method: 'DELETE' });
