import { jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { DraftFields } from '@fenestra/shared';
import { users } from './auth.js';
import { posts, replies } from './posts.js';

/**
 * What a member was writing (issue 25 'Drafts'), kept so it follows them to another device: one question draft
 * (`postId` null) and one reply draft per post, and (kind 'edit') one draft of an edit per question (`replyId` null)
 * and per reply. Files are not kept. Gone when posted or saved, discarded, or the post or reply is deleted.
 */
export const drafts = pgTable(
  'drafts',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['compose', 'edit'] })
      .notNull()
      .default('compose'),
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    replyId: uuid('reply_id').references(() => replies.id, { onDelete: 'cascade' }),
    fields: jsonb('fields').$type<DraftFields>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // NULLS NOT DISTINCT: a member has one question draft as they have one reply draft a post, and one edit draft
  // of each question and reply.
  (t) => [unique('drafts_member_target').on(t.userId, t.kind, t.postId, t.replyId).nullsNotDistinct()],
);
