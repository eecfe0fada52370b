import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uuid, boolean, index, primaryKey } from 'drizzle-orm/pg-core';
import { posts } from './posts.js';

// Part pages (docs/decisions/034). A part is its number's key (packages/shared part-numbers.ts); a row exists once
// a number is seen, and keeps what staff gave it: a name, a category, the number it was merged into.
export const parts = pgTable(
  'parts',
  {
    key: text('key').primaryKey(),
    /** The number as first printed or typed ('TH 23.10'). */
    display: text('display').notNull(),
    /** Named by staff; null: the name the photos' detections give. */
    name: text('name'),
    category: text('category'),
    /** Merged by staff into this part's key: its page answers with a redirect there. */
    mergedInto: text('merged_into'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('parts_merged_into_idx').on(t.mergedInto)],
);

// The part numbers each post names: read from its photos (the detections' key features) or typed in its question
// or its replies. Rewritten from the post's rows when it is taken from part_number_queue.
export const postPartNumbers = pgTable(
  'post_part_numbers',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    display: text('display').notNull(),
    /** The post's photos whose detection lists it. */
    photoIds: uuid('photo_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** Typed in the question or a reply. */
    typed: boolean('typed').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.postId, t.key] }), index('post_part_numbers_key_idx').on(t.key)],
);

// Posts whose part numbers are due a re-read: written by triggers in the same transaction as the change (a post's
// text, a reply, a photo's detection), drained before part pages are read. No foreign key: a deleted post's row is
// simply dropped when drained.
export const partNumberQueue = pgTable('part_number_queue', {
  postId: uuid('post_id').primaryKey(),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
});

// Posts that were deleted: their address answers 410 Gone, not 404 (written by a trigger on posts).
export const deletedPosts = pgTable('deleted_posts', {
  postId: uuid('post_id').primaryKey(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
});
