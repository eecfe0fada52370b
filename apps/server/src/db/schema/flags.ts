import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uuid, pgEnum, smallint, index, uniqueIndex, check } from 'drizzle-orm/pg-core';
import { FLAG_REASONS } from '@fenestra/shared';
import { users } from './auth.js';

export const flagReasonEnum = pgEnum('flag_reason', FLAG_REASONS);
/** open until staff decide; upheld when they hid or deleted what it flagged, dismissed otherwise. */
export const flagStatusEnum = pgEnum('flag_status', ['open', 'dismissed', 'upheld']);

// A member's flag on a question or a reply (issue 26). The target has no foreign key: a decided flag outlives what
// it flagged (upheld flags count against its author's trust for 30 days); open flags of a deleted target are not shown.
export const flags = pgTable(
  'flags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    targetType: text('target_type').$type<'post' | 'reply'>().notNull(),
    targetId: uuid('target_id').notNull(),
    /** The question, or the question the reply answers. */
    postId: uuid('post_id').notNull(),
    /** Who wrote what was flagged (their upheld flags weigh on their trust). */
    targetAuthorId: text('target_author_id').references(() => users.id, { onDelete: 'set null' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: flagReasonEnum('reason').notNull(),
    note: text('note'),
    /** The flagger's weight when they flagged (LIMITS.trust.flagWeight by their trust level). */
    weight: smallint('weight').notNull().default(1),
    status: flagStatusEnum('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    // Once per member and item.
    uniqueIndex('flags_member_target_idx').on(t.userId, t.targetType, t.targetId),
    index('flags_target_idx').on(t.targetType, t.targetId),
    index('flags_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'open'`),
    index('flags_author_resolved_idx').on(t.targetAuthorId, t.resolvedAt),
    check('flags_target_type', sql`${t.targetType} in ('post', 'reply')`),
  ],
);
