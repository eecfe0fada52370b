import { ROLES, type PostStatus, type Role } from './limits.js';
import { MSG } from './messages.js';

// The moderation log's actions (DESIGN.md 'Contracts'): one list, read by the log page and analytics.
export const MODERATION_ACTIONS = [
  'approve', 'deny', 'solve', 'reopen', 'unapprove', 'delete_post', 'pin_reply', 'unpin_reply', 'delete_reply',
  'ban', 'unban', 'ban_expired', 'role_change', 'delete_user', 'delete_account', 'override_detection',
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

export interface PostActionResult { id: string; status: PostStatus | 'deleted'; message: string }
export interface ReplyActionResult { id: string; postId: string; isPinned: boolean; deleted: boolean; message: string }

// ---- members (GET /api/admin/users and the row menu) ----

export const BAN_DURATIONS = ['7', '30', '90', 'permanent'] as const;
export type BanDuration = (typeof BAN_DURATIONS)[number];
export const BAN_DURATION_LABELS: Record<BanDuration, string> = { 7: '7 days', 30: '30 days', 90: '90 days', permanent: 'Permanent' };
export const DEFAULT_BAN_DURATION: BanDuration = 'permanent';


/** Deleting a member from the list: the exact, case-sensitive word (also checked by the server). */
export const DELETE_USER_WORD = 'CONFIRM';

export const USER_SORTS = ['newest', 'oldest', 'most_active'] as const;
export type UserSort = (typeof USER_SORTS)[number];
export const USER_SORT_LABELS: Record<UserSort, string> = { newest: 'Newest', oldest: 'Oldest', most_active: 'Most active' };
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
}

export interface AdminUserList {
  users: AdminUser[];
  /** How many match the search and filters (X of 'Showing X of Y users'). */
  matching: number;
  /** Every member (Y). */
  total: number;
  nextCursor: string | null;
}

/** A week-on-week change as a whole percent, or null ('—') when the earlier value is 0. */
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

export const formatTrend = (trend: Trend): string => (trend === null ? '—' : `${trend > 0 ? '+' : ''}${trend}%`);

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

export interface ModerationLogPage { entries: ModerationLogEntry[]; nextCursor: string | null }
export const LOG_PAGE_SIZE = 50;
