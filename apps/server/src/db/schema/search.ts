import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uuid, real, index, primaryKey, customType, check } from 'drizzle-orm/pg-core';
import { posts, postStatusEnum, topicEnum } from './posts.js';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

// Each post's weighted search document, kept by triggers (migration 0010): a generated column cannot read
// the tags, images and replies tables. A table of its own keeps reply inserts off the posts row.
export const postSearch = pgTable(
  'post_search',
  {
    postId: uuid('post_id')
      .primaryKey()
      .references(() => posts.id, { onDelete: 'cascade' }),
    document: tsvector('document').notNull(),
    // Copies of the post's status and topic (kept by the same triggers), so a search never joins posts to filter.
    status: postStatusEnum('status').notNull().default('pending'),
    topic: topicEnum('topic').notNull().default('misc'),
    // The post's own time: a common word's matches are ranked among the newest (see modules/search/repo.ts).
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // The year, month and day (UTC) of created_at as lexemes ('y2026', 'm202611', 'd20261120'): in the same GIN
    // index as the document, a search reads only the matches since a day, without visiting the older ones' rows.
    createdIn: tsvector('created_in')
      .notNull()
      .generatedAlwaysAs(sql`search_created_in(created_at)`),
  },
  (t) => [
    index('post_search_document_idx').using('gin', t.document, t.createdIn),
    // Read backwards for 'newest first' (ORDER BY created_at DESC, post_id DESC).
    index('post_search_created_idx').on(t.createdAt, t.postId),
  ],
);

// The words of public posts (never pending or denied ones), for typo correction and 'Did you mean'.
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
  },
  (t) => [
    // GIN, not GiST: a nearest-word lookup among 100,000 words takes a tenth of a millisecond, not ten.
    index('search_words_trgm_idx').using('gin', t.word.op('gin_trgm_ops')),
    // Prefix lookups (LIKE 'oper%') for the last word typed.
    index('search_words_prefix_idx').on(t.word.op('text_pattern_ops')),
  ],
);

// Each post's most similar posts, refreshed by the 'refresh-similar-posts' job; read through a public-status filter.
export const postSimilar = pgTable(
  'post_similar',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    similarPostId: uuid('similar_post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    score: real('score').notNull(),
    source: text('source').notNull().default('text'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.similarPostId, t.source] }),
    index('post_similar_post_score_idx').on(t.postId, t.score.desc()),
    index('post_similar_similar_idx').on(t.similarPostId),
    check('post_similar_source', sql`${t.source} in ('text', 'vector')`),
    check('post_similar_not_self', sql`${t.postId} <> ${t.similarPostId}`),
  ],
);

// Posts whose similar list is due a refresh: written by triggers in the same transaction as the change,
// drained by the job (an outbox, so no change is lost when the worker is away).
export const postSimilarQueue = pgTable('post_similar_queue', {
  postId: uuid('post_id')
    .primaryKey()
    .references(() => posts.id, { onDelete: 'cascade' }),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
});
