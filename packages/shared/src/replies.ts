import type { Author, Detection } from './posts.js';
import type { LinkPreview } from './link-previews.js';
import type { StoredPicture } from './images.js';

// Replies (SPEC sections 2 'Post detail', 3 'Reply', 5 'Reply').
//
//   GET  /api/posts/:id/replies[?cursor=]  -> ReplyPage: the accepted answer first, then pinned, then oldest first; up to 200 a page,
//                                             `nextCursor` for 'Load more'. 404 when the viewer may not see the post.
//   POST /api/posts/:id/replies            -> 201 Reply. Body: CreateReplyInput. 400 with SPEC's message
//                                             (field 'content' or 'imageUploadIds'), 401, 403 BANNED, 404 (post the member
//                                             may not see: pending, denied, missing), 409 MSG.repliesDisabled (solved),
//                                             429 (RATE_LIMIT_REPLIES a window, per member).
// Reply images are uploaded first with POST /api/uploads/images, field `purpose=reply` (3 files, 5 MB each),
// exactly as the ask page does with purpose=post; their ids go in `imageUploadIds`.

export const REPLY_PAGE_SIZE = 200;

/** A resolved @mention: `handle` is the name as written, lower-cased (match it against a mention token's name,
 * ignoring case); `username` is the member's current name, for the /user/{username} link. */
export interface Mention {
  handle: string;
  userId: string;
  username: string;
}

export interface ReplyImage extends StoredPicture {
  id: string;
  displayOrder: number;
  /** What the AI read in it: only the question author's reply photos are read (issue 24). */
  detection?: Detection;
}

export interface Reply {
  id: string;
  postId: string;
  /** The text as written (Markdown): what an edit starts from. */
  content: string;
  /** `content` rendered by the server (insert as HTML: raw HTML was escaped, links checked, @members linked). */
  contentHtml: string;
  createdAt: string;
  isPinned: boolean;
  /** UNKNOWN_AUTHOR when the member's account was deleted. */
  author: Author;
  images: ReplyImage[];
  /** The @names in `content` that matched a member when the reply was written (and still exist). */
  mentions: Mention[];
  /** Cards for the reply's first 3 distinct links, in order, once fetched (a job fetches them after saving). */
  previews: LinkPreview[];
  /** The version to send with an edit (PATCH /api/replies/:id). */
  version: number;
  /** When it was last edited (shown as 'edited'); null when never edited, or only within the first 5 minutes. */
  editedAt: string | null;
  /** The asker's accepted answer: shown first, with its badge. */
  isAccepted: boolean;
  /** How many members marked it helpful. */
  helpfulCount: number;
  /** Only on replies its author and staff see (issue 26): waiting for review, or hidden after flags. */
  held?: 'pending' | 'hidden';
}

/** GET /api/posts/:id/helpful-marks (members): which replies of the post the member marked helpful. */
export interface HelpfulMarks {
  replyIds: string[];
}

export interface ReplyPage {
  replies: Reply[];
  /** Pass back as `cursor` for the next page; null at the end. */
  nextCursor: string | null;
}
