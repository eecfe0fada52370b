// Every number of SPEC sections 5 and 9, in one place.
export const LIMITS = {
  title: { min: 10, max: 150 },
  description: { min: 50, max: 5000 },
  tags: { max: 5, min: 2, maxLength: 30 },
  reply: { min: 10, max: 5000 },
  /** Distinct @members one reply may name (DESIGN.md); more is refused, not trimmed. */
  mentionsPerReply: 10,
  /**
   * Notifications one member receives in an hour; past it the rest of that hour's are dropped (no row, no email), so
   * nobody can flood another member's inbox by naming them over and over.
   */
  notificationsPerMemberPerHour: 30,
  /**
   * Live event streams one instance holds for one address and for one member at once (a browser keeps one stream
   * for all its tabs, so real people stay far below); past it a new stream is 429 and the client backs off.
   */
  eventStreams: { perAddress: 30, perMember: 10 },
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
  /** A flag's note ('Something else' requires one). */
  flagNote: { min: 10, max: 500 },
  /**
   * Trust levels (issue 26, DESIGN.md 'Trust'): what the trust job asks of a member for each level, and how much a
   * member's flag weighs. Leader (3) is only given by staff.
   */
  trust: {
    member: { approvedQuestions: 1, replies: 3, daysSinceSignUp: 2, upheldFlagFreeDays: 30 },
    trusted: { approvedQuestions: 5, replies: 20, helpfulMarks: 5, acceptedAnswers: 1, daysSinceSignUp: 30 },
    /** Flags whose weights add up to this hide the question or reply at once, pending staff review. */
    hideThreshold: 3,
    /** A flag's weight by its flagger's level (0 New .. 3 Leader): one flag from a trusted member hides. */
    flagWeight: [1, 1, 3, 3],
  },
  /** New members (level 0): per reply, and replies an hour; levels 1+ have SPEC's limits (replyLimitsFor). */
  newMember: { linksPerReply: 2, photosPerReply: 1, mentionsPerReply: 2, repliesPerHour: 3 },
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

export const NOTIFICATION_TYPES = [
  'post_approved',
  'post_solved',
  'post_denied',
  'new_reply',
  'mention',
  'bookmark_solved',
  'reply_pinned',
  'post_pending_review',
  'reply_accepted',
  'flag_resolved',
  'content_hidden',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const PRESET_AVATARS = ['🪟', '🚪', '🔧', '🔨', '🏠'] as const;

export const EMAIL_PREFERENCE_KEYS = [
  'mentions',
  'replies',
  'approved',
  'denied',
  'solved',
  'banned',
  'accepted',
] as const;
export type EmailPreferences = Record<(typeof EMAIL_PREFERENCE_KEYS)[number], boolean>;
export const DEFAULT_EMAIL_PREFERENCES: EmailPreferences = {
  mentions: true,
  replies: true,
  approved: true,
  denied: false,
  solved: true,
  banned: true,
  accepted: true,
};

export const THEME_STORAGE_KEY = 'theme';
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
