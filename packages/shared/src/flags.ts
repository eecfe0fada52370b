import type { FlagTargetType } from './events.js';
import type { TrustLevel } from './trust.js';
import type { Reply } from './replies.js';

// Flags (issue 26): a signed-in member flags a question or a reply once; only staff and the flagger know of it.
//
//   POST /api/posts/:id/flag, POST /api/replies/:id/flag   body FlagInput -> 201 FlagResult
//        400 (reason, note), 401, 403 (own content, unverified email), 404 (not one the member may see), 409 (flagged before)
//   GET  /api/admin/flags                                   -> FlagQueue (staff): each flagged item with its open flags
//   POST /api/admin/flags/:targetType/:targetId/:action     body FlagDecisionInput -> FlagDecisionResult (staff)
//        action: dismiss | hide | delete | delete-and-ban (the existing ban durations); 404 when nothing is open on it.
// Raising or deciding a flag publishes `flag.changed` {targetType, targetId} to staff.

export const FLAG_REASONS = ['spam', 'rude', 'off_topic', 'dangerous', 'other'] as const;
export type FlagReason = (typeof FLAG_REASONS)[number];
export const FLAG_REASON_LABELS: Record<FlagReason, string> = {
  spam: 'Spam',
  rude: 'Rude or abusive',
  off_topic: 'Off-topic',
  dangerous: 'Wrong or dangerous advice',
  other: 'Something else',
};

export const FLAG_DECISIONS = ['dismiss', 'hide', 'delete', 'delete-and-ban'] as const;
export type FlagDecision = (typeof FLAG_DECISIONS)[number];
export const FLAG_DECISION_LABELS: Record<FlagDecision, string> = {
  dismiss: 'Dismiss',
  hide: 'Hide',
  delete: 'Delete',
  'delete-and-ban': 'Delete and ban the author',
};

export interface FlagResult {
  /** Whether the flags on it reached the hide threshold and it is now hidden. */
  hidden: boolean;
  message: string;
}

export interface FlagOnItem {
  id: string;
  reason: FlagReason;
  note: string | null;
  flagger: { id: string | null; username: string; trustLevel: TrustLevel };
  createdAt: string;
}

export interface FlaggedItem {
  targetType: FlagTargetType;
  targetId: string;
  postId: string;
  postTitle: string;
  /** The flagged text (the question's description or the reply's content). */
  content: string;
  author: { id: string | null; username: string };
  /** Hidden by the community's flags (or by staff), pending review. */
  hidden: boolean;
  flags: FlagOnItem[];
}

export interface FlagQueue {
  items: FlaggedItem[];
}

export interface FlagDecisionResult {
  targetType: FlagTargetType;
  targetId: string;
  decision: FlagDecision;
  authorBanned: boolean;
  message: string;
}

/**
 * A reply only its author and staff see, with the notice it carries: 'pending' waits for review (a new member's first
 * reply, or a hidden one its author edited), 'hidden' was hidden after flags.
 *   GET  /api/posts/:id/held-replies  -> HeldReplies (members: their own on the post; staff: all of them)
 *   GET  /api/admin/pending-replies   -> HeldReplies (staff: every reply waiting for review, oldest first)
 *   POST /api/admin/replies/:id/approve -> ReplyActionResult (staff; 409 when it is not waiting). Deny: delete it.
 */
export interface HeldReply extends Reply {
  held: 'pending' | 'hidden';
  postTitle: string;
}
export interface HeldReplies {
  replies: HeldReply[];
}
