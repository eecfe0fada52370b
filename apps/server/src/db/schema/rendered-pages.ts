import { customType, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

// Server-drawn pages as visitors see them, kept across restarts and shared by every instance (decision 039): a
// page nobody read today is sent from here instead of being drawn again. `key` is the build and the post; the page
// is kept gzip-compressed, without the time its data was read (added when sent, decision 046). Every event that changes the page
// deletes its row through `tags` (the public-read cache's tags, FORUM_EVENTS' `drops`); the oldest rows go past a
// cap (cache/page-store.ts).
export const renderedPages = pgTable(
  'rendered_pages',
  {
    key: text('key').primaryKey(),
    /** The page's canonical address (`/post/:id/:slug`): an address with another slug is redirected, not sent this. */
    path: text('path').notNull(),
    /** Its ETag (made from the page without its time), kept so sending it hashes nothing. */
    etag: text('etag').notNull(),
    tags: text('tags').array().notNull(),
    /** What the page was drawn from that no event names (a post's similar questions), checked when it is read. */
    checks: text('checks').notNull().default(''),
    /** What it takes in the table (its compressed head and its tail), for the cap. */
    bytes: integer('bytes').notNull(),
    /**
     * The page up to where the time it was read goes, compressed once (raw deflate ending in a full flush), with that
     * part's CRC-32 and length; `tail` is the rest. An answer is these bytes and the few after (decision 046).
     */
    gzipHead: bytea('gzip_head').notNull(),
    headCrc: integer('head_crc').notNull(),
    headBytes: integer('head_bytes').notNull(),
    tail: text('tail').notNull(),
    storedAt: timestamp('stored_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('rendered_pages_tags_idx').using('gin', t.tags),
    index('rendered_pages_stored_at_idx').on(t.storedAt.desc(), t.bytes),
  ],
);
