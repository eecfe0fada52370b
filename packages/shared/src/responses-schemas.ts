import { z } from 'zod';
import { EMAIL_PREFERENCE_KEYS, NOTIFICATION_TYPES, POST_STATUSES, TOPICS, type EmailPreferences } from './limits.js';
import { ROLES } from './moderation.js';
import type { PictureCopies, StoredPicture } from './images.js';
import { DIGEST_FREQUENCIES, type NewReplyCounts, type NotificationPage, type ReadMark } from './what-is-new.js';
import { newReplyCountsSchema, readMarkSchema } from './what-is-new-schemas.js';
import type {
  Author,
  Detection,
  PostDetail,
  PostImage,
  PostList,
  PostSummary,
  PostVideo,
  ToggleResult,
} from './posts.js';
import type { AdminStats, UploadedFile } from './posts.js';
import { DETECTION_STATUSES, type OverrideDetectionResult } from './detection.js';
import type { Mention, Reply, ReplyImage, ReplyPage } from './replies.js';
import type {
  AvatarResult,
  MemberProfile,
  MemberReply,
  MemberReplyList,
  ProfileUpdateResult,
  Settings,
} from './members.js';
import {
  MODERATION_ACTIONS,
  type AdminUser,
  type AdminUserList,
  type ModerationLogPage,
  type PostActionResult,
  type ReplyActionResult,
  type UserStats,
} from './moderation.js';
import type { Notification, NotificationList, UnreadCount } from './notifications.js';
import type { ApiErrorBody, Me, PublicConfig } from './session.js';
import type { SiteSettingsAnswer } from './site-settings.js';
import type { HighlightSegment, SearchResults, SimilarQuestions } from './search.js';
import type { AnalyticsReport } from './analytics.js';
import { linkPreviewSchema } from './link-previews-schemas.js';
import type { AcceptResult, EditResult, PostFields, ReplyFields, RevisionList } from './editing.js';
import type { HelpfulMarks } from './replies.js';

// What each API answer may carry (issue 22): the server writes an answer through its contract, so a field the
// contract does not name (an email, a role) never leaves. The checks at the end fail the typecheck when a type
// and its contract drift apart: add a field to both.

export const apiErrorSchema = z
  .object({
    error: z.string(),
    message: z.string(),
    statusCode: z.number(),
    requestId: z.string(),
    field: z.string().optional(),
  })
  .meta({ description: 'Every error: the product message, and the field it is about when there is one' });

export const okSchema = z.object({ ok: z.boolean() });

const pictureCopiesSchema = z.object({ width: z.number(), height: z.number(), variantWidths: z.array(z.number()) });
const storedPicture = { url: z.string(), width: z.number().nullable(), height: z.number().nullable() };
const storedPictureSchema = z.object({ ...storedPicture, variantWidths: z.array(z.number()) });

export const authorSchema = z.object({
  id: z.string().nullable(),
  username: z.string(),
  avatarUrl: z.string().nullable(),
  avatarCopies: pictureCopiesSchema.optional(),
});

const detectionSchema = z.object({
  status: z.enum(DETECTION_STATUSES),
  object: z.string().nullable(),
  category: z.string().nullable(),
  material: z.string().nullable(),
  finish: z.string().nullable(),
  confidence: z.number().nullable(),
  keyFeatures: z.array(z.string()),
  userConfirmedObject: z.string().nullable(),
  visibleText: z.string().nullable(),
});

const postImageSchema = storedPictureSchema.extend({
  id: z.string(),
  alt: z.string(),
  displayOrder: z.number(),
  detection: detectionSchema,
});

const postVideoSchema = z.object({
  url: z.string(),
  thumbnailUrl: z.string().nullable(),
  thumbnailWidth: z.number().nullable(),
  thumbnailHeight: z.number().nullable(),
  thumbnailVariantWidths: z.array(z.number()),
  durationSeconds: z.number(),
  fileSizeBytes: z.number(),
  mimeType: z.string(),
});

const postFields = {
  id: z.string(),
  topic: z.enum(TOPICS),
  title: z.string(),
  status: z.enum(POST_STATUSES),
  denialReason: z.string().nullable(),
  createdAt: z.string(),
  author: authorSchema,
  tags: z.array(z.string()),
  images: z.array(postImageSchema),
  video: postVideoSchema.nullable(),
  replyCount: z.number(),
  voteCount: z.number(),
  bookmarkCount: z.number(),
  editedAt: z.string().nullable(),
  answeredBy: z.object({ id: z.string(), username: z.string() }).nullable(),
};
// Last in a summary: the cached lists lay a member's marks over a visitor's bytes by their place (cache/marked-lists.ts).
const marks = { liked: z.boolean(), bookmarked: z.boolean() };

export const postSummarySchema = z.object({ ...postFields, preview: z.string(), ...marks });

const mentionSchema = z.object({ handle: z.string(), userId: z.string(), username: z.string() });

export const postDetailSchema = z.object({
  ...postFields,
  ...marks,
  description: z.string(),
  descriptionHtml: z.string(),
  canModerate: z.boolean(),
  canOverrideDetection: z.boolean(),
  mentions: z.array(mentionSchema),
  version: z.number(),
  acceptedReplyId: z.string().nullable(),
  hiddenByFlags: z.boolean(),
});

export const postListSchema = z.object({
  posts: z.array(postSummarySchema),
  nextCursor: z.string().nullable(),
  total: z.number(),
});

export const postCreatedSchema = z.object({ id: z.string(), status: z.enum(['pending', 'open']) });
export const toggleResultSchema = z.object({ active: z.boolean(), count: z.number() });

export const uploadedFileSchema = z.object({
  id: z.string(),
  path: z.string(),
  publicUrl: z.string(),
  thumbnailUrl: z.string().nullable().optional(),
  duration: z.number().optional(),
  fileSize: z.number().optional(),
  mimeType: z.string(),
});

export const replyImageSchema = storedPictureSchema.extend({
  id: z.string(),
  displayOrder: z.number(),
  detection: detectionSchema.optional(),
});

export const replySchema = z.object({
  id: z.string(),
  postId: z.string(),
  content: z.string(),
  contentHtml: z.string(),
  createdAt: z.string(),
  isPinned: z.boolean(),
  author: authorSchema,
  images: z.array(replyImageSchema),
  mentions: z.array(mentionSchema),
  previews: z.array(linkPreviewSchema),
  version: z.number(),
  editedAt: z.string().nullable(),
  isAccepted: z.boolean(),
  helpfulCount: z.number(),
  held: z.enum(['pending', 'hidden']).optional(),
});

export const replyPageSchema = z.object({ replies: z.array(replySchema), nextCursor: z.string().nullable() });

// Accounts.
export const meSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  avatarUrl: z.string().nullable(),
  avatarCopies: pictureCopiesSchema.optional(),
  role: z.enum(ROLES),
  isStaff: z.boolean(),
  hasPassword: z.boolean(),
  trustLevel: z.number(),
  emailVerified: z.boolean(),
});
export const meAnswerSchema = z.object({ me: meSchema.nullable() });
export const signedInSchema = z.object({ me: meSchema });
const footerLinkAnswer = z.object({ label: z.string(), url: z.string() });
export const publicConfigSchema = z.object({
  googleEnabled: z.boolean(),
  videoGuidesUrl: z.string(),
  siteName: z.string(),
  siteDescription: z.string(),
  logoUrl: z.string().nullable(),
  faviconUrl: z.string().nullable(),
  accentColor: z.string().nullable(),
  footerLinks: z.array(footerLinkAnswer),
  needsFirstAdmin: z.boolean(),
});

// Site settings (issue 30).
export const siteSettingsAnswerSchema = z.object({
  settings: z.object({
    siteName: z.string(),
    siteDescription: z.string(),
    logoUrl: z.string().nullable(),
    faviconUrl: z.string().nullable(),
    accentColor: z.string().nullable(),
    footerLinks: z.array(footerLinkAnswer),
    rateLimitAuth: z.number(),
    rateLimitUploads: z.number(),
    rateLimitPosts: z.number(),
    rateLimitReplies: z.number(),
    rateLimitPreviews: z.number(),
    rateLimitOverrides: z.number(),
    rateLimitWindowSeconds: z.number(),
    autoApproveTrusted: z.boolean(),
    requireEmailVerification: z.boolean(),
    flagHideThreshold: z.number(),
    trustMemberQuestions: z.number(),
    trustMemberReplies: z.number(),
    trustMemberDays: z.number(),
    trustFlagFreeDays: z.number(),
    trustTrustedQuestions: z.number(),
    trustTrustedReplies: z.number(),
    trustTrustedHelpfulMarks: z.number(),
    trustTrustedAcceptedAnswers: z.number(),
    trustTrustedDays: z.number(),
    trustedFlagWeight: z.number(),
  }),
  fixedByEnv: z.record(z.string(), z.string()),
  version: z.object({ version: z.string(), build: z.string() }),
});
export const runningVersionSchema = z.object({ version: z.string(), build: z.string() });

// Members.
export const emailPreferencesAnswerSchema = z.object(
  Object.fromEntries(EMAIL_PREFERENCE_KEYS.map((key) => [key, z.boolean()])) as Record<
    keyof EmailPreferences,
    z.ZodBoolean
  >,
);

export const settingsSchema = z.object({
  username: z.string(),
  bio: z.string(),
  avatarUrl: z.string().nullable(),
  email: z.string(),
  emailPreferences: emailPreferencesAnswerSchema,
  digest: z.enum(DIGEST_FREQUENCIES),
  hasPassword: z.boolean(),
});
export const profileUpdateResultSchema = z.object({ username: z.string(), bio: z.string() });
export const avatarResultSchema = z.object({
  avatarUrl: z.string().nullable(),
  avatarCopies: pictureCopiesSchema.optional(),
});

export const memberProfileSchema = z.object({
  id: z.string(),
  username: z.string(),
  bio: z.string(),
  avatarUrl: z.string().nullable(),
  avatarCopies: pictureCopiesSchema.optional(),
  role: z.enum(ROLES),
  status: z.enum(['active', 'banned']).nullable(),
  banReason: z.string().nullable(),
  joinedAt: z.string(),
  postCount: z.number(),
  replyCount: z.number(),
  helpfulCount: z.number(),
  solutionCount: z.number(),
  isSelf: z.boolean(),
});

const memberReplySchema = z.object({
  id: z.string(),
  postId: z.string(),
  postTitle: z.string(),
  preview: z.string(),
  createdAt: z.string(),
  isPinned: z.boolean(),
});
export const memberReplyListSchema = z.object({
  replies: z.array(memberReplySchema),
  nextCursor: z.string().nullable(),
});

// Moderation and staff pages.
export const adminStatsSchema = z.object({
  totalUsers: z.number(),
  activePosts: z.number(),
  pendingReview: z.number(),
  avgReplyHours: z.number(),
  failedEmails: z.number(),
  failedDetections: z.number(),
  openFlags: z.number(),
});
export const pendingPostsSchema = z.object({ posts: z.array(postSummarySchema) });
export const moderationResultSchema = z.object({
  id: z.string(),
  status: z.enum(POST_STATUSES),
  authorBanned: z.boolean(),
  message: z.string(),
});
export const postActionResultSchema = z.object({
  id: z.string(),
  status: z.enum([...POST_STATUSES, 'deleted']),
  message: z.string(),
});
export const replyActionResultSchema = z.object({
  id: z.string(),
  postId: z.string(),
  isPinned: z.boolean(),
  deleted: z.boolean(),
  message: z.string(),
});

export const adminUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  avatarUrl: z.string().nullable(),
  role: z.enum(ROLES),
  status: z.enum(['active', 'banned']),
  banReason: z.string().nullable(),
  banUntil: z.string().nullable(),
  joinedAt: z.string(),
  postCount: z.number(),
  trustLevel: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
  trustLocked: z.boolean(),
  trustReason: z.string(),
});
export const adminUserListSchema = z.object({
  users: z.array(adminUserSchema),
  matching: z.number(),
  total: z.number(),
  nextCursor: z.string().nullable(),
});
const trendSchema = z.number().nullable();
export const userStatsSchema = z.object({
  total: z.number(),
  activeThisWeek: z.number(),
  banned: z.number(),
  bannedPercent: z.number(),
  staff: z.number(),
  trends: z.object({ total: trendSchema, active: trendSchema, banned: trendSchema }),
});

export const moderationLogPageSchema = z.object({
  entries: z.array(
    z.object({
      id: z.string(),
      action: z.enum(MODERATION_ACTIONS),
      actorId: z.string().nullable(),
      actorUsername: z.string().nullable(),
      targetType: z.string(),
      targetId: z.string(),
      targetLabel: z.string().nullable(),
      reason: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  nextCursor: z.string().nullable(),
});

export const overrideDetectionResultSchema = z.object({
  newDetection: z.object({
    object: z.string(),
    detectedObject: z.string().nullable(),
    category: z.string().nullable(),
    material: z.string().nullable(),
    finish: z.string().nullable(),
    confidence: z.number().nullable(),
    keyFeatures: z.array(z.string()),
    embedded: z.boolean(),
  }),
  message: z.string(),
});
export const detectionRetrySchema = z.object({ status: z.enum(['queued', 'off']) });
/** GET and POST /api/uploads/:id/detection: a question's photo read on the ask form, before posting. */
export const draftDetectionSchema = detectionSchema;

const nullableRate = z.number().nullable();
/** What a week and the whole period both count. */
const decisionCounts = {
  approvals: z.number(),
  denials: z.number(),
  approvalRate: nullableRate,
  madePublic: z.number(),
  solved: z.number(),
  solveRate: nullableRate,
  postsCreated: z.number(),
  answered: z.number(),
  medianFirstReplyHours: nullableRate,
};
export const analyticsReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  totals: z.object({ posts: z.number(), replies: z.number(), ...decisionCounts, corrections: z.number() }),
  days: z.array(z.object({ day: z.string(), posts: z.number(), replies: z.number(), corrections: z.number() })),
  weeks: z.array(z.object({ week: z.string(), start: z.string(), ...decisionCounts })),
  topTags: z.array(z.object({ tag: z.string(), posts: z.number() })),
  topics: z.array(z.object({ topic: z.enum(TOPICS), posts: z.number() })),
  correctionsEver: z.number(),
});

// Notifications.
const notificationSchema = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  message: z.string(),
  postId: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  unreadCount: z.number(),
});
export const unreadCountSchema = z.object({ unreadCount: z.number() });
export const notificationPageSchema = z.object({
  notifications: z.array(notificationSchema),
  nextCursor: z.string().nullable(),
  unreadCount: z.number(),
});

// Search.
const highlightSchema = z.object({ text: z.string(), match: z.boolean() });
export const searchResultsSchema = z.object({
  results: z.array(
    z.object({
      post: postSummarySchema,
      rank: z.number(),
      title: z.array(highlightSchema),
      preview: z.array(highlightSchema),
    }),
  ),
  nextCursor: z.string().nullable(),
  total: z.number(),
  totalCapped: z.boolean(),
  didYouMean: z.string().nullable(),
});
export const similarQuestionsSchema = z.object({
  questions: z.array(
    z.object({ id: z.string(), title: z.string(), status: z.enum(['open', 'solved']), score: z.number() }),
  ),
});

export const healthSchema = z.object({ status: z.string(), database: z.string() });
/** GET /api/ready: 200 when all three hold, else 503 with the one that does not. */
export const readySchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  database: z.enum(['ok', 'unreachable']),
  migrations: z.enum(['current', 'pending', 'unknown']),
  jobs: z.enum(['running', 'stopped']),
});

/** Answers with no body (204, a redirect). */
// Editing, revisions, accepted answers and helpful marks (issue 23).
export const editResultSchema = z.object({
  id: z.string(),
  status: z.enum(POST_STATUSES),
  version: z.number(),
  editedAt: z.string().nullable(),
  message: z.string(),
});
const postFieldsSchema = z.object({
  topic: z.enum(TOPICS),
  title: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  images: z.array(z.string()),
  video: z.string().nullable(),
  denialReason: z.string().nullable().optional(),
});
const replyFieldsSchema = z.object({ content: z.string(), images: z.array(z.string()) });
const revisionFieldsSchema = z.union([postFieldsSchema, replyFieldsSchema]);
export const revisionListSchema = z.object({
  revisions: z.array(
    z.object({
      id: z.string(),
      targetType: z.enum(['post', 'reply']),
      targetId: z.string(),
      editor: authorSchema,
      createdAt: z.string(),
      before: revisionFieldsSchema,
      after: revisionFieldsSchema,
      kind: z.enum(['edit', 'resubmit', 'restore']),
    }),
  ),
  canRestore: z.boolean(),
});
export const acceptResultSchema = z.object({
  postId: z.string(),
  status: z.enum(POST_STATUSES),
  acceptedReplyId: z.string().nullable(),
  message: z.string(),
});
export const helpfulMarksSchema = z.object({ replyIds: z.array(z.string()) });

export const noBodySchema = z.null().meta({ description: 'No body' });

// Each contract's output is exactly its type: a field added to one and not the other fails the typecheck here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;
type Answer<S extends z.ZodType> = z.output<S>;
export type ResponseContractsMatchTheirTypes = [
  Holds<Same<Answer<typeof apiErrorSchema>, ApiErrorBody>>,
  Holds<Same<Answer<typeof pictureCopiesSchema>, PictureCopies>>,
  Holds<Same<Answer<typeof storedPictureSchema>, StoredPicture>>,
  Holds<Same<Answer<typeof authorSchema>, Author>>,
  Holds<Same<Answer<typeof detectionSchema>, Detection>>,
  Holds<Same<Answer<typeof postImageSchema>, PostImage>>,
  Holds<Same<Answer<typeof postVideoSchema>, PostVideo>>,
  Holds<Same<Answer<typeof postSummarySchema>, PostSummary>>,
  Holds<Same<Answer<typeof postDetailSchema>, PostDetail>>,
  Holds<Same<Answer<typeof postListSchema>, PostList>>,
  Holds<Same<Answer<typeof toggleResultSchema>, ToggleResult>>,
  Holds<Same<Answer<typeof uploadedFileSchema>, UploadedFile>>,
  Holds<Same<Answer<typeof mentionSchema>, Mention>>,
  Holds<Same<Answer<typeof replyImageSchema>, ReplyImage>>,
  Holds<Same<Answer<typeof replySchema>, Reply>>,
  Holds<Same<Answer<typeof replyPageSchema>, ReplyPage>>,
  Holds<Same<Answer<typeof meSchema>, Me>>,
  Holds<Same<Answer<typeof publicConfigSchema>, PublicConfig>>,
  Holds<Same<Answer<typeof siteSettingsAnswerSchema>, SiteSettingsAnswer>>,
  Holds<Same<Answer<typeof emailPreferencesAnswerSchema>, EmailPreferences>>,
  Holds<Same<Answer<typeof settingsSchema>, Settings>>,
  Holds<Same<Answer<typeof profileUpdateResultSchema>, ProfileUpdateResult>>,
  Holds<Same<Answer<typeof avatarResultSchema>, AvatarResult>>,
  Holds<Same<Answer<typeof memberProfileSchema>, MemberProfile>>,
  Holds<Same<Answer<typeof memberReplySchema>, MemberReply>>,
  Holds<Same<Answer<typeof memberReplyListSchema>, MemberReplyList>>,
  Holds<Same<Answer<typeof adminStatsSchema>, AdminStats>>,
  Holds<Same<Answer<typeof postActionResultSchema>, PostActionResult>>,
  Holds<Same<Answer<typeof replyActionResultSchema>, ReplyActionResult>>,
  Holds<Same<Answer<typeof adminUserSchema>, AdminUser>>,
  Holds<Same<Answer<typeof adminUserListSchema>, AdminUserList>>,
  Holds<Same<Answer<typeof userStatsSchema>, UserStats>>,
  Holds<Same<Answer<typeof moderationLogPageSchema>, ModerationLogPage>>,
  Holds<Same<Answer<typeof overrideDetectionResultSchema>, OverrideDetectionResult>>,
  Holds<Same<Answer<typeof analyticsReportSchema>, AnalyticsReport>>,
  Holds<Same<Answer<typeof notificationSchema>, Notification>>,
  Holds<Same<Answer<typeof notificationListSchema>, NotificationList>>,
  Holds<Same<Answer<typeof unreadCountSchema>, UnreadCount>>,
  Holds<Same<Answer<typeof notificationPageSchema>, NotificationPage>>,
  Holds<Same<Answer<typeof readMarkSchema>, ReadMark>>,
  Holds<Same<Answer<typeof newReplyCountsSchema>, NewReplyCounts>>,
  Holds<Same<Answer<typeof highlightSchema>, HighlightSegment>>,
  Holds<Same<Answer<typeof searchResultsSchema>, SearchResults>>,
  Holds<Same<Answer<typeof similarQuestionsSchema>, SimilarQuestions>>,
  Holds<Same<Answer<typeof editResultSchema>, EditResult>>,
  Holds<Same<Answer<typeof postFieldsSchema>, PostFields>>,
  Holds<Same<Answer<typeof replyFieldsSchema>, ReplyFields>>,
  Holds<Same<Answer<typeof revisionListSchema>, RevisionList>>,
  Holds<Same<Answer<typeof acceptResultSchema>, AcceptResult>>,
  Holds<Same<Answer<typeof helpfulMarksSchema>, HelpfulMarks>>,
];
