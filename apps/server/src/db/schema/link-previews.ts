import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uuid, index, jsonb, smallint, integer, primaryKey } from 'drizzle-orm/pg-core';
import { replies } from './posts.js';

/** A page's card text; the picture is our own copy at `image_path` (post-images bucket). */
export interface StoredCard {
  title: string;
  description: string | null;
}

// One row per link ever previewed: the last card that worked stays until a refetch succeeds.
export const linkPreviews = pgTable(
  'link_previews',
  {
    url: text('url').primaryKey(),
    data: jsonb('data').$type<StoredCard>(),
    imagePath: text('image_path'),
    /** The picture's size and the widths of its WebP copies beside it (decision 016); empty: sent whole. */
    imageWidth: integer('image_width'),
    imageHeight: integer('image_height'),
    imageVariantWidths: smallint('image_variant_widths')
      .array()
      .notNull()
      .default(sql`'{}'::smallint[]`),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
    refetchAt: timestamp('refetch_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('link_previews_refetch_idx').on(t.refetchAt)],
);

// The first distinct http(s) links of a reply, in order; joined to link_previews by url.
export const replyLinks = pgTable(
  'reply_links',
  {
    replyId: uuid('reply_id')
      .notNull()
      .references(() => replies.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    url: text('url').notNull(),
  },
  (t) => [primaryKey({ columns: [t.replyId, t.position] }), index('reply_links_url_idx').on(t.url)],
);
