import { pgTable, text, timestamp, uuid, jsonb, pgEnum, index, primaryKey } from 'drizzle-orm/pg-core';
import type { PostFields, ReplyFields } from '@fenestra/shared';
import { users } from './auth.js';
import { posts, replies } from './posts.js';

export const revisionKindEnum = pgEnum('revision_kind', ['edit', 'resubmit', 'restore']);

// One table for the revisions of questions and replies (DESIGN.md 'Revisions'): the target (a post, or a reply of
// it), who saved it, when, and the fields before and after as JSON. The 5-minute fold is the service's rule.
export const revisions = pgTable(
  'revisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    /** Null for an edit of the question itself. */
    replyId: uuid('reply_id').references(() => replies.id, { onDelete: 'cascade' }),
    editorId: text('editor_id').references(() => users.id, { onDelete: 'set null' }),
    kind: revisionKindEnum('kind').notNull().default('edit'),
    before: jsonb('before').$type<PostFields | ReplyFields>().notNull(),
    after: jsonb('after').$type<PostFields | ReplyFields>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('revisions_post_created_idx').on(t.postId, t.createdAt.desc()),
    index('revisions_reply_created_idx').on(t.replyId, t.createdAt.desc()),
  ],
);

// A member's 'Helpful' mark on a reply: one per member and reply.
export const replyHelpful = pgTable(
  'reply_helpful',
  {
    replyId: uuid('reply_id')
      .notNull()
      .references(() => replies.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.replyId, t.userId] }), index('reply_helpful_user_idx').on(t.userId)],
);
