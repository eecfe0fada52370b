import { bigint, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { posts } from './posts.js';

// A card's preview (the plain text of the start of a post's Markdown), made once and kept, so a list, a search or a
// member page nobody read today does not parse Markdown for each of its cards (decision 050). A row holds for the
// Markdown it was made from: `source` is the hash of the renderer's version and that Markdown (posts/previews.ts),
// compared when it is read, so an edit, a raw write or a new renderer makes it unused (then replaced), never stale.
export const postPreviews = pgTable('post_previews', {
  postId: uuid('post_id')
    .primaryKey()
    .references(() => posts.id, { onDelete: 'cascade' }),
  source: bigint('source', { mode: 'bigint' }).notNull(),
  preview: text('preview').notNull(),
});
