import { sql } from 'drizzle-orm';
import {
  pgTable,
  text,
  timestamp,
  integer,
  pgEnum,
  uuid,
  real,
  bigint,
  boolean,
  smallint,
  index,
  uniqueIndex,
  check,
  primaryKey,
  jsonb,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { DETECTION_STATUSES, POST_STATUSES, TOPICS } from '@fenestra/shared';
import { users } from './auth.js';

export const topicEnum = pgEnum('topic', TOPICS);
export const postStatusEnum = pgEnum('post_status', POST_STATUSES);
export const detectionStatusEnum = pgEnum('detection_status', DETECTION_STATUSES);

/** A photo's reading kept in one JSON column (reply photos, photos of a question not yet posted). */
export interface StoredDetection {
  object?: string | null;
  category?: string | null;
  material?: string | null;
  finish?: string | null;
  confidence?: number | null;
  keyFeatures?: string[];
  visibleText?: string | null;
  provider?: string;
  model?: string | null;
  detectedAt?: string;
  /** Why the last attempt failed, while retries remain. */
  error?: string;
}

// Posts outlive their author: deleting a member leaves the post with no author ('Unknown').
export const posts = pgTable(
  'posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    topic: topicEnum('topic').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    status: postStatusEnum('status').notNull().default('pending'),
    denialReason: text('denial_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    voteCount: integer('vote_count').notNull().default(0),
    bookmarkCount: integer('bookmark_count').notNull().default(0),
    replyCount: integer('reply_count').notNull().default(0),
    /** Every saved edit adds one: an edit based on an older version is refused (409). */
    version: integer('version').notNull().default(1),
    /** When its text or media last changed after it was written; null when never edited. */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /** The reply the asker (or staff) accepted; set only while the question is solved. */
    acceptedReplyId: uuid('accepted_reply_id').references((): AnyPgColumn => replies.id, { onDelete: 'set null' }),
    /** Hidden after flags (or by staff), pending review: its status is then 'pending' and this is the one it left. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenFrom: postStatusEnum('hidden_from'),
  },
  (t) => [
    index('posts_status_created_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('posts_topic_status_created_idx').on(t.topic, t.status, t.createdAt.desc(), t.id.desc()),
    index('posts_status_votes_idx').on(t.status, t.voteCount.desc(), t.createdAt.desc(), t.id.desc()),
    index('posts_user_created_idx').on(t.userId, t.createdAt.desc()),
    // The public list's keyset orders (open and solved together), so any page costs what the first costs.
    index('posts_public_created_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} in ('open', 'solved')`),
    index('posts_public_votes_idx')
      .on(t.voteCount.desc(), t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} in ('open', 'solved')`),
    index('posts_public_popular_idx')
      .on(t.voteCount.desc(), t.bookmarkCount.desc(), t.replyCount.desc(), t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} in ('open', 'solved')`),
    // 'Unsolved first' as one descending key: open before solved, newest first within each.
    index('posts_public_unsolved_idx')
      .on(sql`("status" = 'open')`, t.createdAt, t.id)
      .where(sql`${t.status} in ('open', 'solved')`),
    check('posts_counts_nonnegative', sql`${t.voteCount} >= 0 AND ${t.bookmarkCount} >= 0 AND ${t.replyCount} >= 0`),
  ],
);

export const postImages = pgTable(
  'post_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    imageUrl: text('image_url').notNull(),
    displayOrder: integer('display_order').notNull(),
    // The stored photo's size and its smaller WebP copies (none for photos stored before they were made).
    width: integer('width'),
    height: integer('height'),
    variantWidths: smallint('variant_widths')
      .array()
      .notNull()
      .default(sql`'{}'::smallint[]`),
    altText: text('alt_text'),
    detectedObject: text('detected_object'),
    detectedCategory: text('detected_category'),
    detectedMaterial: text('detected_material'),
    detectedFinish: text('detected_finish'),
    detectionConfidence: real('detection_confidence'),
    userConfirmedObject: text('user_confirmed_object'),
    keyFeatures: text('key_features')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    visibleText: text('visible_text'),
    // Who read it, with what, when, and why it failed (the status says where the job is).
    detectionStatus: detectionStatusEnum('detection_status').notNull().default('none'),
    detectionProvider: text('detection_provider'),
    detectionModel: text('detection_model'),
    detectedAt: timestamp('detected_at', { withTimezone: true }),
    detectionError: text('detection_error'),
    // The detection's sentence vector (the corrected object when there is one); pgvector is not available, so real[].
    embedding: real('embedding').array(),
    embeddingModel: text('embedding_model'),
    embeddingDimension: integer('embedding_dimension'),
    embeddedAt: timestamp('embedded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('post_images_post_order_idx').on(t.postId, t.displayOrder),
    check(
      'post_images_confidence_range',
      sql`${t.detectionConfidence} IS NULL OR (${t.detectionConfidence} >= 0 AND ${t.detectionConfidence} <= 1)`,
    ),
    check(
      'post_images_embedding_shape',
      sql`${t.embedding} IS NULL OR (${t.embeddingModel} IS NOT NULL AND cardinality(${t.embedding}) = ${t.embeddingDimension})`,
    ),
    // Candidates for vector similarity: images naming the same object, or in the same category.
    index('post_images_object_idx')
      .on(sql`lower(coalesce(${t.userConfirmedObject}, ${t.detectedObject}))`)
      .where(sql`${t.embedding} IS NOT NULL`),
    index('post_images_category_idx')
      .on(t.detectedCategory)
      .where(sql`${t.embedding} IS NOT NULL`),
    // The dashboard's failed count and staff's retry list.
    index('post_images_detection_failed_idx')
      .on(t.createdAt)
      .where(sql`${t.detectionStatus} = 'failed'`),
  ],
);

// One video per post: the post id is the key.
export const postVideos = pgTable('post_videos', {
  postId: uuid('post_id')
    .primaryKey()
    .references(() => posts.id, { onDelete: 'cascade' }),
  videoUrl: text('video_url').notNull(),
  thumbnailUrl: text('thumbnail_url'),
  thumbnailWidth: integer('thumbnail_width'),
  thumbnailHeight: integer('thumbnail_height'),
  thumbnailVariantWidths: smallint('thumbnail_variant_widths')
    .array()
    .notNull()
    .default(sql`'{}'::smallint[]`),
  durationSeconds: real('duration_seconds').notNull(),
  fileSizeBytes: bigint('file_size_bytes', { mode: 'number' }).notNull(),
  mimeType: text('mime_type').notNull(),
  displayOrder: integer('display_order').notNull().default(0),
});

export const postTags = pgTable(
  'post_tags',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.tag] }),
    index('post_tags_tag_idx').on(t.tag),
    // Tag pages, their lists and the sitemap match a tag whatever its case (lower(tag) = lower($1)).
    index('post_tags_lower_tag_idx').on(sql`lower(${t.tag})`),
  ],
);

export const postVotes = pgTable(
  'post_votes',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    voteType: smallint('vote_type').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId] }),
    index('post_votes_user_idx').on(t.userId),
    check('post_votes_like_only', sql`${t.voteType} = 1`),
  ],
);

export const bookmarks = pgTable(
  'bookmarks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bookmarks_user_post_idx').on(t.userId, t.postId),
    index('bookmarks_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('bookmarks_post_idx').on(t.postId),
  ],
);

/** published: everyone sees it; pending: a new member's first reply (or a hidden one edited) waits for review; hidden: after flags. */
export const replyStatusEnum = pgEnum('reply_status', ['published', 'pending', 'hidden']);

export const replies = pgTable(
  'replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    isPinned: boolean('is_pinned').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /** How many members marked it helpful: changes in the same transaction as reply_helpful's rows. */
    helpfulCount: integer('helpful_count').notNull().default(0),
    /** Only published replies are shown to everyone; pending and hidden ones only to their author and staff. */
    status: replyStatusEnum('status').notNull().default('published'),
  },
  (t) => [
    check('replies_helpful_nonnegative', sql`${t.helpfulCount} >= 0`),
    index('replies_post_order_idx').on(t.postId, t.isPinned.desc(), t.createdAt),
    index('replies_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('replies_created_idx').on(t.createdAt.desc()),
    // The review queue's held replies.
    index('replies_held_idx')
      .on(t.createdAt)
      .where(sql`${t.status} <> 'published'`),
    // At most one pinned reply per post.
    uniqueIndex('replies_one_pinned_idx')
      .on(t.postId)
      .where(sql`${t.isPinned}`),
  ],
);

export const replyImages = pgTable(
  'reply_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    replyId: uuid('reply_id')
      .notNull()
      .references(() => replies.id, { onDelete: 'cascade' }),
    imageUrl: text('image_url').notNull(),
    displayOrder: integer('display_order').notNull(),
    width: integer('width'),
    height: integer('height'),
    variantWidths: smallint('variant_widths')
      .array()
      .notNull()
      .default(sql`'{}'::smallint[]`),
    // The question author's reply photos are read like the question's own (issue 24); null for others' photos.
    detectionStatus: detectionStatusEnum('detection_status'),
    detection: jsonb('detection').$type<StoredDetection>(),
  },
  (t) => [uniqueIndex('reply_images_reply_order_idx').on(t.replyId, t.displayOrder)],
);

// The members a reply's @names resolved to when it was written; `handle` is the name as written, lower-cased.
export const replyMentions = pgTable(
  'reply_mentions',
  {
    replyId: uuid('reply_id')
      .notNull()
      .references(() => replies.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    handle: text('handle').notNull(),
  },
  (t) => [primaryKey({ columns: [t.replyId, t.userId] }), index('reply_mentions_user_idx').on(t.userId)],
);

// How many posts each topic has in each status, kept by a trigger on posts (migration 0004), so the
// list's '{n} active discussions' is a lookup rather than a scan.
export const postCounts = pgTable(
  'post_counts',
  {
    topic: topicEnum('topic').notNull(),
    status: postStatusEnum('status').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.topic, t.status] })],
);
