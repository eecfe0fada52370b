import type { PictureCopies } from './images.js';
import type { DigestFrequency } from './what-is-new.js';
import {
  DEFAULT_EMAIL_PREFERENCES,
  EMAIL_PREFERENCE_KEYS,
  LIMITS,
  PRESET_AVATARS,
  type EmailPreferences,
} from './limits.js';
import type { Role } from './moderation.js';

// Settings (SPEC sections 2 'Settings', 5 'Profile', 8 'Settings'; DESIGN.md 'Preset avatars').

export type PresetAvatar = (typeof PRESET_AVATARS)[number];
export const isPresetAvatar = (value: string | null | undefined): value is PresetAvatar =>
  (PRESET_AVATARS as readonly unknown[]).includes(value);
/** An avatar_url is either one of the preset emoji or the public URL of an uploaded image. */
export const isImageAvatar = (value: string | null | undefined): value is string => !!value && !isPresetAvatar(value);

/** DELETE /api/settings/account: the exact, case-sensitive word CONFIRM. */
export const DELETE_ACCOUNT_WORD = 'CONFIRM';

/** GET /api/settings: the signed-in member's own settings (the only place their email is shown). */
export interface Settings {
  username: string;
  bio: string;
  /** A preset emoji, an image URL, or null. */
  avatarUrl: string | null;
  email: string;
  emailPreferences: EmailPreferences;
  /** The digest email's frequency (what applies now, chosen or by default: DESIGN.md). */
  digest: DigestFrequency;
  /** False for members who signed up with Google: they set a password through the reset email. */
  hasPassword: boolean;
}

/** PATCH /api/settings/profile answer. */
export interface ProfileUpdateResult {
  username: string;
  bio: string;
}
/** PUT/DELETE /api/settings/avatar answer. */
export interface AvatarResult {
  avatarUrl: string | null;
  /** The new avatar's size and WebP copies, when it has them (decision 016). */
  avatarCopies?: PictureCopies;
}

// Profiles (/user/{username}).

export interface MemberProfile {
  id: string;
  username: string;
  bio: string;
  /** A preset emoji, an image URL, or null. */
  avatarUrl: string | null;
  /** An uploaded avatar's size and WebP copies, when it has them (decision 016). */
  avatarCopies?: PictureCopies;
  role: Role;
  /** 'active' | 'banned' for staff viewers; null for everyone else. */
  status: 'active' | 'banned' | null;
  /** Staff viewers only. */
  banReason: string | null;
  joinedAt: string;
  postCount: number;
  replyCount: number;
  /** How many 'Helpful' marks the member's replies received (on public posts). */
  helpfulCount: number;
  /** How many of the member's replies are accepted answers ('Solutions'). */
  solutionCount: number;
  /** The viewer is this member (Edit Profile, Bookmarks tab). */
  isSelf: boolean;
}

export interface MemberReply {
  id: string;
  postId: string;
  postTitle: string;
  /** The first 300 characters, with '...' when cut. */
  preview: string;
  createdAt: string;
  isPinned: boolean;
}

export interface MemberReplyList {
  replies: MemberReply[];
  /** Pass back as `cursor` for the next page; null at the end. */
  nextCursor: string | null;
}

/** Preferences as stored may miss keys: those fall back to the defaults, and 'banned' stays on unless explicitly false. */
export function readEmailPreferences(
  stored: unknown,
  defaults: EmailPreferences = DEFAULT_EMAIL_PREFERENCES,
): EmailPreferences {
  const raw = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const out = { ...defaults };
  for (const key of EMAIL_PREFERENCE_KEYS) {
    const v = raw[key];
    if (key === 'banned') out.banned = v !== false;
    else if (typeof v === 'boolean') out[key] = v;
  }
  return out;
}

/** A reply's preview on a profile: the first 300 characters, with '...' when cut (SPEC section 2). */
export function replyPreviewOf(text: string): string {
  return text.length > LIMITS.replyPreview ? `${text.slice(0, LIMITS.replyPreview)}...` : text;
}
