import type { PostStatus } from './limits.js';
import { MSG } from './messages.js';
import type { TrustLevel } from './trust.js';

// Roles here, not in limits.ts, which the home page's first load holds for its topics (docs/decisions/013).
export const ROLES = ['admin', 'moderator', 'user'] as const;
export type Role = (typeof ROLES)[number];
export const isStaffRole = (role: Role | null | undefined) => role === 'admin' || role === 'moderator';

// The moderation log's actions (DESIGN.md 'Contracts'): one list, read by the log page and analytics.
export const MODERATION_ACTIONS = [
  'approve',
  'deny',
  'solve',
  'reopen',
  'unapprove',
  'delete_post',
  'pin_reply',
  'unpin_reply',
  'delete_reply',
  'ban',
  'unban',
  'ban_expired',
  'role_change',
  'delete_user',
  'delete_account',
  'override_detection',
  'edit_post',
  'edit_reply',
  'restore_revision',
  'settings_change',
  'flag_dismiss',
  'flag_hide',
  'flag_delete',
  'trust_lock',
  'auto_approve',
  'name_part',
  'merge_part',
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
export const MODERATION_ACTION_LABELS: Record<ModerationAction, string> = {
  approve: 'Approved post',
  deny: 'Denied post',
  solve: 'Marked solved',
  reopen: 'Reopened post',
  unapprove: 'Moved to pending',
  delete_post: 'Deleted post',
  pin_reply: 'Pinned reply',
  unpin_reply: 'Unpinned reply',
  delete_reply: 'Deleted reply',
  ban: 'Banned member',
  unban: 'Unbanned member',
  ban_expired: 'Ban expired',
  role_change: 'Changed role',
  delete_user: 'Deleted member',
  delete_account: 'Deleted own account',
  override_detection: 'Corrected detection',
  edit_post: 'Edited post',
  edit_reply: 'Edited reply',
  restore_revision: 'Restored revision',
  settings_change: 'Changed site settings',
  flag_dismiss: 'Dismissed flags',
  flag_hide: 'Hid flagged content',
  flag_delete: 'Deleted flagged content',
  trust_lock: 'Locked trust level',
  auto_approve: 'auto-approved (trusted)',
  name_part: 'Named part',
  merge_part: 'Merged parts',
};

// ---- post actions on the post page (SPEC 'Confirmation dialog for admin post actions') ----

export const POST_ACTIONS = ['solve', 'reopen', 'unapprove', 'delete'] as const;
export type PostAction = (typeof POST_ACTIONS)[number];

export interface PostActionInfo {
  /** The word the staff member types (case ignored): a guard in the browser, not a server rule. */
  word: string;
  label: string;
  success: string;
  /** The statuses the action may start from; anything else is a 409. */
  from: readonly PostStatus[];
}

export const POST_ACTION_INFO: Record<PostAction, PostActionInfo> = {
  solve: { word: 'SOLVE', label: 'Mark as Solved', success: 'Post marked as solved!', from: ['open'] },
  reopen: { word: 'REOPEN', label: 'Reopen', success: 'Post reopened!', from: ['solved'] },
  unapprove: { word: 'UNAPPROVE', label: 'Unapprove', success: 'Post moved to pending!', from: ['open'] },
  delete: { word: 'DELETE', label: 'Delete', success: MSG.postDeleted, from: ['pending', 'open', 'solved', 'denied'] },
};

/** The actions a post in this status offers, in the order the page shows them (approve and deny stay in the queue). */
export const postActionsFor = (status: PostStatus): PostAction[] =>
  POST_ACTIONS.filter((action) => POST_ACTION_INFO[action].from.includes(status));

/** The typed word matches ignoring case and surrounding spaces. */
export const confirmWordMatches = (typed: string, word: string) => typed.trim().toUpperCase() === word.toUpperCase();

export interface PostActionResult {
  id: string;
  status: PostStatus | 'deleted';
  message: string;
}
export interface ReplyActionResult {
  id: string;
  postId: string;
  isPinned: boolean;
  deleted: boolean;
  message: string;
}

// ---- members (GET /api/admin/users and the row menu) ----

export const BAN_DURATIONS = ['7', '30', '90', 'permanent'] as const;
export type BanDuration = (typeof BAN_DURATIONS)[number];
export const BAN_DURATION_LABELS: Record<BanDuration, string> = {
  7: '7 days',
  30: '30 days',
  90: '90 days',
  permanent: 'Permanent',
};
export const DEFAULT_BAN_DURATION: BanDuration = 'permanent';

/** Deleting a member from the list: the exact, case-sensitive word (also checked by the server). */
export const DELETE_USER_WORD = 'CONFIRM';

export const USER_SORTS = ['newest', 'oldest', 'most_active'] as const;
export type UserSort = (typeof USER_SORTS)[number];
export const USER_SORT_LABELS: Record<UserSort, string> = {
  newest: 'Newest',
  oldest: 'Oldest',
  most_active: 'Most active',
};
export const USER_ROLE_FILTERS = ['all', ...ROLES] as const;
export type UserRoleFilter = (typeof USER_ROLE_FILTERS)[number];
export const USER_STATUS_FILTERS = ['all', 'active', 'banned'] as const;
export type UserStatusFilter = (typeof USER_STATUS_FILTERS)[number];
export const ROLE_LABELS: Record<Role, string> = { admin: 'Admin', moderator: 'Moderator', user: 'User' };
export const USER_PAGE_SIZE = 50;

export interface AdminUser {
  id: string;
  username: string;
  email: string;
  avatarUrl: string | null;
  role: Role;
  status: 'active' | 'banned';
  banReason: string | null;
  banUntil: string | null;
  joinedAt: string;
  postCount: number;
  /** 0 New, 1 Member, 2 Trusted, 3 Leader. */
  trustLevel: TrustLevel;
  /** Set by staff: the trust job leaves it alone. */
  trustLocked: boolean;
  /** Why the member has this level (the trust job's words, or the lock). */
  trustReason: string;
}

export interface AdminUserList {
  users: AdminUser[];
  /** How many match the search and filters (X of 'Showing X of Y users'). */
  matching: number;
  /** Every member (Y). */
  total: number;
  nextCursor: string | null;
}

/** A week-on-week change as a whole percent, or null when the earlier value is 0. */
export type Trend = number | null;

export interface UserStats {
  total: number;
  activeThisWeek: number;
  banned: number;
  /** Banned members as a percentage of all, one decimal. */
  bannedPercent: number;
  staff: number;
  trends: { total: Trend; active: Trend; banned: Trend };
}

export const trendOf = (now: number, before: number): Trend =>
  before === 0 ? null : Math.round(((now - before) / before) * 100);

/** A stat card's trend line: '+12% from last week', or 'None last week' when last week's figure was 0 (no percent). */
export const trendLine = (trend: Trend): string =>
  trend === null ? 'None last week' : `${trend > 0 ? '+' : ''}${trend}% from last week`;

// ---- the log ----

export interface ModerationLogEntry {
  id: string;
  action: ModerationAction;
  actorId: string | null;
  actorUsername: string | null;
  targetType: string;
  targetId: string;
  targetLabel: string | null;
  reason: string | null;
  createdAt: string;
}

export interface ModerationLogPage {
  entries: ModerationLogEntry[];
  nextCursor: string | null;
}
export const LOG_PAGE_SIZE = 50;
