import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uuid, primaryKey, index, check } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { posts } from './posts.js';

// What brings a member back (issue 25 'What is new'): what they last read, and the emails that gather news for them.

/**
 * Per member and post: how far they have read. `readUntil` is the creation time of the last reply they read (the
 * post's own time when it had none), so replies written after it are new to them; a post without a row was never opened.
 */
export const postReads = pgTable(
  'post_reads',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    readUntil: timestamp('read_until', { withTimezone: true }).notNull(),
    lastReadReplyId: uuid('last_read_reply_id'),
    /** When they last opened the post (a visit, for the digest's default). */
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.postId] }), index('post_reads_user_opened_idx').on(t.userId, t.openedAt)],
);

/**
 * Reply emails to one member about one post: the first one of a window is sent at once and opens it; the replies
 * that come within the window wait for one email sent when it closes (`startedAt` + 15 minutes).
 */
export const replyEmailWindows = pgTable(
  'reply_email_windows',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.postId] })],
);

/**
 * One row per member and digest period ('daily:2026-11-27', 'weekly:2026-W48'): whoever inserts it sends that
 * period's digest, so several instances running the schedule still send one.
 */
export const digestSends = pgTable(
  'digest_sends',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.period] }),
    check('digest_sends_period_shape', sql`${t.period} ~ '^(daily|weekly):'`),
  ],
);
