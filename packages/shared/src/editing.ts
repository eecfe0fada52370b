import type { Author } from './posts.js';
import type { PostStatus, Topic } from './limits.js';

// Members fix their own words and choose the answer that worked (issue 23; DESIGN.md 'Added for the community
// features'; decision 029).
//
//   PATCH  /api/posts/:id                  -> EditResult. Body: EditPostInput. The author while the question is pending,
//                                             open, solved or denied (a denied one goes back to pending: 'Edit and
//                                             resubmit'); staff any (a log row 'edit_post'). 400 with the ask form's
//                                             messages, 401, 403 (banned, or another member's post), 404 (a post the
//                                             member may not see), 409 EDIT_CONFLICT when `version` is not the stored one.
//   PATCH  /api/replies/:id                -> EditResult. Body: EditReplyInput. The author while the post is open; staff
//                                             any (log 'edit_reply'). 409 REPLIES_DISABLED when the post is solved.
//   GET    /api/posts/:id/revisions        -> RevisionList (anyone who may see the post).
//   GET    /api/replies/:id/revisions      -> RevisionList.
//   POST   /api/revisions/:id/restore      -> EditResult: staff put the text before that edit back (a new revision; log
//                                             'restore_revision'). Photos are not restored (their files are gone).
//   POST   /api/posts/:id/accept           -> AcceptResult. Body: { replyId }. The asker of an open question, or staff:
//                                             the question becomes solved as staff's Mark as Solved makes it, and the
//                                             reply's author gets `reply_accepted`. 409 when the question is not open.
//   DELETE /api/posts/:id/accept           -> AcceptResult: the asker or staff take it back; the question reopens.
//   POST   /api/replies/:id/helpful        -> ToggleResult: a member marks another member's reply helpful, or unmarks it.

/** An edit within this many minutes of the previous version by the same person folds into it (no new revision). */
export const EDIT_FOLD_MINUTES = 5;

/** Statuses in which the author may edit their question; staff may edit any. */
export const AUTHOR_EDITABLE_STATUSES: readonly PostStatus[] = ['pending', 'open', 'solved', 'denied'];

/** A question's fields as a revision keeps them. Photos and video by their stored address (a removed one is gone). */
export interface PostFields {
  topic: Topic;
  title: string;
  description: string;
  tags: string[];
  images: string[];
  video: string | null;
  /** Only on the version a denied question had before it was resubmitted. */
  denialReason?: string | null;
}

/** A reply's fields as a revision keeps them. */
export interface ReplyFields {
  content: string;
  images: string[];
}

export type RevisionTarget = 'post' | 'reply';

export interface Revision {
  id: string;
  targetType: RevisionTarget;
  targetId: string;
  /** Who saved it; UNKNOWN_AUTHOR when that account was deleted. */
  editor: Author;
  /** When the edit was saved (the last save, when later ones folded into it). */
  createdAt: string;
  before: PostFields | ReplyFields;
  after: PostFields | ReplyFields;
  /** 'resubmit': a denied question sent back for review; 'restore': staff put an earlier text back. */
  kind: 'edit' | 'resubmit' | 'restore';
}

export interface RevisionList {
  /** Newest first. */
  revisions: Revision[];
  /** May the viewer restore one (staff)? */
  canRestore: boolean;
}

export interface EditResult {
  id: string;
  status: PostStatus;
  /** The version to send with the next edit. */
  version: number;
  editedAt: string | null;
  message: string;
}

export interface AcceptResult {
  postId: string;
  status: PostStatus;
  acceptedReplyId: string | null;
  message: string;
}

/** One part of a text compared with another: kept, added or removed words (with the spaces after them). */
export interface DiffPart {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/** Words and the spaces after them, so joined parts read as the text did. */
const wordsOf = (text: string): string[] => text.match(/\S+\s*|\s+/g) ?? [];

/**
 * The words removed from `before` and added in `after`, in order (a longest common subsequence of words).
 * Texts are at most 5,000 characters, so the table stays small; past 1,500 words a side it marks everything changed.
 */
export function diffWords(before: string, after: string): DiffPart[] {
  const a = wordsOf(before);
  const b = wordsOf(after);
  const parts: DiffPart[] = [];
  const push = (kind: DiffPart['kind'], text: string) => {
    const last = parts[parts.length - 1];
    if (last && last.kind === kind) last.text += text;
    else parts.push({ kind, text });
  };
  if (a.length > 1500 || b.length > 1500) {
    if (before) push('removed', before);
    if (after) push('added', after);
    return parts;
  }
  // lengths[i][j]: the longest common run of a[i..] and b[j..], compared without trailing spaces.
  const key = (w: string) => w.trimEnd();
  const lengths: Uint16Array[] = Array.from({ length: a.length + 1 }, () => new Uint16Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lengths[i]![j] =
        key(a[i]!) === key(b[j]!) ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
    }
  }
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (key(a[i]!) === key(b[j]!)) {
      push('same', b[j]!);
      i++;
      j++;
    } else if (lengths[i + 1]![j]! >= lengths[i]![j + 1]!) push('removed', a[i++]!);
    else push('added', b[j++]!);
  }
  while (i < a.length) push('removed', a[i++]!);
  while (j < b.length) push('added', b[j++]!);
  return parts;
}
