// Every number of SPEC sections 5 and 9, in one place.
export const LIMITS = {
  title: { min: 10, max: 150 },
  description: { min: 50, max: 5000 },
  tags: { max: 5, min: 2, maxLength: 30 },
  reply: { min: 10, max: 5000 },
  bio: { max: 500 },
  username: { min: 3, max: 30 },
  password: { min: 8, max: 100 },
  email: { max: 254 },
  denyReason: { max: 500 },
  banReason: { max: 500 },
  descriptionPreview: 200,
  replyPreview: 300,
  metaDescription: 157,
  notificationList: 20,
  badgeCap: 9,
  mobileBreakpoint: 768,
  images: { perPost: 3, perReply: 3, maxBytes: 5 * 1024 * 1024 },
  avatar: { maxBytes: 2 * 1024 * 1024, maxPixels: 512 },
  video: { perPost: 1, maxBytes: 50 * 1024 * 1024, maxSeconds: 300 },
  compression: { quality: 0.85, maxPixels: 1920 },
  storageCacheSeconds: 31536000,
  pageSize: 20,
  resetLinkHours: 1,
} as const;

export const TOPICS = ['windows', 'doors', 'screens', 'glazing', 'misc'] as const;
export type Topic = (typeof TOPICS)[number];
export const TOPIC_LABELS: Record<Topic, string> = {
  windows: 'Windows',
  doors: 'Doors',
  screens: 'Screens',
  glazing: 'Glazing',
  misc: 'Miscellaneous',
};

export const POST_STATUSES = ['pending', 'open', 'solved', 'denied'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];
/** Everyone sees open and solved posts, and only those can be liked, bookmarked or replied to. */
export const isPublicPost = (status: PostStatus) => status === 'open' || status === 'solved';

export const ROLES = ['admin', 'moderator', 'user'] as const;
export type Role = (typeof ROLES)[number];
export const isStaffRole = (role: Role | null | undefined) => role === 'admin' || role === 'moderator';

export const NOTIFICATION_TYPES = [
  'post_approved', 'post_solved', 'post_denied', 'new_reply', 'mention',
  'bookmark_solved', 'reply_pinned', 'post_pending_review',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const PRESET_AVATARS = ['🪟', '🚪', '🔧', '🔨', '🏠'] as const;

export const EMAIL_PREFERENCE_KEYS = ['mentions', 'replies', 'approved', 'denied', 'solved', 'banned'] as const;
export type EmailPreferences = Record<(typeof EMAIL_PREFERENCE_KEYS)[number], boolean>;
export const DEFAULT_EMAIL_PREFERENCES: EmailPreferences = {
  mentions: true, replies: true, approved: true, denied: false, solved: true, banned: true,
};

export const THEME_STORAGE_KEY = 'theme';
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
