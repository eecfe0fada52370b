import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, boolean, pgEnum, uuid, index, integer, jsonb } from 'drizzle-orm/pg-core';
import { NOTIFICATION_TYPES } from '@fenestra/shared';
import { users } from './auth.js';
import { posts, replies } from './posts.js';

export const notificationTypeEnum = pgEnum('notification_type', NOTIFICATION_TYPES);
/** A notification's email: none for in-app-only types, else queued until sent, skipped (preference off) or failed (gave up after 24 hours). */
export const emailStatusEnum = pgEnum('email_status', ['queued', 'sent', 'skipped', 'failed']);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: notificationTypeEnum('type').notNull(),
    message: text('message').notNull(),
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    /** The reply it tells of (a new reply, a mention in a reply): its email quotes it and links to it. */
    replyId: uuid('reply_id').references(() => replies.id, { onDelete: 'set null' }),
    read: boolean('read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    emailStatus: emailStatusEnum('email_status'),
    emailError: text('email_error'),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`NOT ${t.read}`),
    index('notifications_email_failed_idx')
      .on(t.createdAt)
      .where(sql`${t.emailStatus} = 'failed'`),
  ],
);

// The log outlives what it records: snapshots, no foreign keys (DESIGN.md).
export const moderationLog = pgTable(
  'moderation_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: text('actor_id'),
    actorUsername: text('actor_username'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    targetLabel: text('target_label'),
    reason: text('reason'),
    /** What a change was before and after (settings_change: the settings that changed). */
    details: jsonb('details').$type<{ before: Record<string, unknown>; after: Record<string, unknown> }>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('moderation_log_created_idx').on(t.createdAt.desc())],
);

// Request counters shared by every API instance (rate limits survive a restart and span instances).
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
});
