import type pg from 'pg';
import type { EventListener } from '../realtime/listener.js';
import { followEvents } from './public-cache.js';
import type { DeflatedHead } from './stamped-gzip.js';

/**
 * Server-drawn pages kept in PostgreSQL (table rendered_pages, decision 039): drawn once, then found by every instance
 * and after a restart, so a page nobody read today is not drawn again. The public-read cache (10 s, in memory)
 * stays in front of it.
 *
 * Dropped as the public-read cache is: every event of every instance deletes the rows carrying the tags its row of
 * FORUM_EVENTS drops (each instance deletes what it hears; the deletes are the same). A page drawn from data read
 * before an event is never kept after it: a store that hears a drop of its tags before its row is written does not
 * write it, and one that hears it while the row is being written deletes the row once it is. A read waits for the
 * deletes of the events heard before it. Anything that fails (the database away) empties the table once it answers
 * again: a lost delete could leave a stale page.
 *
 * Bounded: past `maxBytes` of pages or `maxRows` rows, the oldest stored go first (checked every `evictEvery` stores
 * of this instance).
 */
export interface StoredPage {
  /** Its canonical address (`/post/:id/:slug`). */
  path: string;
  /** Made from the page without the time its data was read. */
  etag: string;
  tags: string[];
  /** The post's similar questions as they stood before the page's reads (`signature`). */
  checks: string;
  /** The page up to where the time it was read goes, deflated once, and the rest (cache/stamped-gzip.ts). */
  gzip: { head: DeflatedHead; tail: string };
}

export interface PageStore {
  /**
   * The stored page of post `postId` under `key`, once the drops heard so far are done, if the post's similar
   * questions are still as they were (`signature`) and the post is still public (as the similar questions' read of
   * decision 039 made sure), and, asked at an address with a slug (`at`), if that is its
   * canonical address (another is redirected by the page's describer); null when there is none (or on a failure).
   * One statement.
   */
  get(key: string, postId: string, at: string | null): Promise<(Omit<StoredPage, 'path'> & Similar) | null>;
  /**
   * What a post page shows that no event names, as it stands now: its similar questions (the job rewrites other
   * posts' lists in batches). Read before the reads a page is drawn from, kept as its `checks`; null on a failure.
   */
  signature(postId: string): Promise<({ checks: string } & Similar) | null>;
  /**
   * Keeps a page drawn from reads made after `begin()` answered `started`, unless one of its tags was dropped since.
   */
  put(started: Started, key: string, page: StoredPage): Promise<void>;
  /** Call before the reads a page is drawn from. */
  begin(): Started;
  /** Deletes the oldest rows past the caps (the store's own unless given). */
  evict(caps?: { maxBytes?: number; maxRows?: number }): Promise<void>;
  /** Resolves once every drop heard so far and every page being kept is done (tests). */
  settled(): Promise<void>;
  /** Its caps. */
  readonly caps: { maxBytes: number; maxRows: number };
  /** found: pages sent from the table; stored: pages written to it (by this instance). */
  readonly stats: { found: number; stored: number };
  stop(): void;
}

/**
 * A post's similar questions as they stand (`param`: the post's id), for a kept page to be sent only while they are
 * as it was drawn with: every stored row of the post (either source, its score) and the title and state of the post
 * it names, so whatever the list shows changes it (and a change it does not show may too: the page is drawn again).
 */
const SIMILAR_SIGNATURE = (param: string) => `(
  SELECT coalesce(md5(string_agg(concat_ws(' ', s.similar_post_id, s.source, s.score, p.status, p.title), E'\\n'
    ORDER BY s.similar_post_id, s.source)), '')
  FROM post_similar s LEFT JOIN posts p ON p.id = s.similar_post_id
  WHERE s.post_id = ${param}::uuid)`;

/**
 * Every post the page's similar questions name (each stored row of the post, either source, shown or not): in
 * memory a page carries their `post:<id>` tags, so a change of one of them drops it at once, where the table checks
 * the signature instead (a like on a listed question would otherwise delete every page listing it).
 */
export interface Similar {
  named: string[];
}
const SIMILAR_NAMED = (param: string) => `(
  SELECT coalesce(array_agg(DISTINCT s.similar_post_id::text), '{}') FROM post_similar s WHERE s.post_id = ${param}::uuid)`;

interface Row {
  named: string[];
  etag: string;
  tags: string[];
  checks: string;
  gzip_head: Buffer;
  head_crc: number;
  head_bytes: number;
  tail: string;
}

/** A page being drawn: whether a drop of its tags (or of everything) was heard since it began. */
export interface Started {
  heard: Set<string>;
  all: boolean;
}

export interface PageStoreOptions {
  maxBytes?: number;
  maxRows?: number;
  evictEvery?: number;
  onError?: (err: unknown) => void;
}

export function createPageStore(
  pool: Pick<pg.Pool, 'query'>,
  listener: Pick<EventListener, 'subscribe' | 'listening'>,
  opts: PageStoreOptions = {},
): PageStore {
  const maxBytes = opts.maxBytes ?? 2 ** 30;
  const maxRows = opts.maxRows ?? 200_000;
  const evictEvery = opts.evictEvery ?? 200;
  const onError = opts.onError ?? (() => {});
  // Pages being drawn, to mark stale.
  const drawing = new Set<Started>();
  // Tags heard and not yet deleted (or everything); one delete per turn of the event loop.
  let toDrop = new Set<string>();
  let dropAll = false;
  let scheduled = false;
  // True after a failure: the table is emptied before anything is read or kept again.
  let unsure = false;
  let deleting: Promise<void> = Promise.resolve();
  /** Pages being written (put is not awaited by the answer that drew them). */
  const writing = new Set<Promise<void>>();
  let stores = 0;
  let found = 0;

  const run = async (text: string, values: unknown[] = []) => {
    await pool.query(text, values);
  };

  function flush(): Promise<void> {
    scheduled = false;
    const all = dropAll || unsure;
    const tags = [...toDrop];
    toDrop = new Set();
    dropAll = false;
    deleting = deleting.then(async () => {
      try {
        if (all) await run('DELETE FROM rendered_pages');
        else if (tags.length > 0) await run('DELETE FROM rendered_pages WHERE tags && $1::text[]', [tags]);
        if (all) unsure = false;
      } catch (err) {
        unsure = true;
        onError(err);
      }
    });
    return deleting;
  }
  function schedule() {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(() => void flush());
  }

  const stopFollowing = followEvents(listener, {
    invalidate(tag) {
      for (const page of drawing) page.heard.add(tag);
      toDrop.add(tag);
      schedule();
    },
    clear() {
      for (const page of drawing) page.all = true;
      dropAll = true;
      schedule();
    },
  });

  const staleFor = (started: Started, tags: readonly string[]) => started.all || tags.some((t) => started.heard.has(t));

  async function evict(caps: { maxBytes?: number; maxRows?: number } = {}) {
    await run(
      `DELETE FROM rendered_pages WHERE key IN (
         SELECT key FROM (
           SELECT key, sum(bytes) OVER w AS total, row_number() OVER w AS n FROM rendered_pages
           WINDOW w AS (ORDER BY stored_at DESC, key)
         ) kept WHERE total > $1 OR n > $2)`,
      [caps.maxBytes ?? maxBytes, caps.maxRows ?? maxRows],
    );
  }

  /** Writes a drawn page unless a drop of its tags was heard since it began. */
  async function keep(started: Started, key: string, page: StoredPage): Promise<void> {
    let written = false;
    try {
      if (staleFor(started, page.tags) || !listener.listening() || unsure) return;
      const { head, tail } = page.gzip;
      await run(
        `INSERT INTO rendered_pages (key, etag, tags, checks, bytes, gzip_head, head_crc, head_bytes, tail, path)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         ON CONFLICT (key) DO UPDATE SET etag = EXCLUDED.etag, tags = EXCLUDED.tags, path = EXCLUDED.path,
           checks = EXCLUDED.checks, bytes = EXCLUDED.bytes, gzip_head = EXCLUDED.gzip_head,
           head_crc = EXCLUDED.head_crc, head_bytes = EXCLUDED.head_bytes, tail = EXCLUDED.tail, stored_at = now()`,
        // The CRC is unsigned, the column a signed integer: its 32 bits kept as they are.
        [
          key,
          page.etag,
          page.tags,
          page.checks,
          head.deflated.length + Buffer.byteLength(tail),
          head.deflated,
          head.crc | 0,
          head.bytes,
          tail,
          page.path,
        ],
      );
      written = true;
      // A drop heard while it was written may have been deleted before the row was there.
      if (staleFor(started, page.tags)) await run('DELETE FROM rendered_pages WHERE key = $1', [key]);
      if (++stores % evictEvery === 0) void evict().catch(onError);
    } catch (err) {
      onError(err);
      // A row written and perhaps stale, not deleted: everything goes once the database answers.
      if (written) {
        unsure = true;
        schedule();
      }
    } finally {
      drawing.delete(started);
    }
  }

  return {
    begin() {
      const started: Started = { heard: new Set(), all: !listener.listening() };
      drawing.add(started);
      // Forgotten at the latest when its page is stored (put) or after a minute (a draw that failed).
      setTimeout(() => drawing.delete(started), 60_000).unref();
      return started;
    },

    async signature(postId) {
      try {
        const { rows } = await (pool as pg.Pool).query<{ checks: string; named: string[] }>({
          name: 'page-store-signature',
          text: `SELECT ${SIMILAR_SIGNATURE('$1')} AS checks, ${SIMILAR_NAMED('$1')} AS named`,
          values: [postId],
        });
        return rows[0]!;
      } catch (err) {
        onError(err);
        return null;
      }
    },

    async get(key, postId, at) {
      if (scheduled) await flush();
      await deleting;
      if (unsure) {
        await flush();
        if (unsure) return null;
      }
      try {
        // Named: planned once a connection (the plan is most of a primary-key read's cost).
        const { rows } = await (pool as pg.Pool).query<Row>({
          name: 'page-store-get',
          text: `SELECT etag, tags, checks, gzip_head, head_crc, head_bytes, tail, ${SIMILAR_NAMED('$2')} AS named
                 FROM rendered_pages
                 WHERE key = $1 AND checks = ${SIMILAR_SIGNATURE('$2')} AND ($3::text IS NULL OR path = $3)
                   AND EXISTS (SELECT 1 FROM posts WHERE id = $2::uuid AND status IN ('open', 'solved'))`,
          values: [key, postId, at],
        });
        const row = rows[0];
        if (!row) return null;
        found++;
        const head = { deflated: row.gzip_head, crc: row.head_crc >>> 0, bytes: row.head_bytes };
        return { etag: row.etag, tags: row.tags, checks: row.checks, gzip: { head, tail: row.tail }, named: row.named };
      } catch (err) {
        onError(err);
        return null;
      }
    },

    put(started, key, page) {
      const write = keep(started, key, page).finally(() => writing.delete(write));
      writing.add(write);
      return write;
    },

    evict,
    caps: { maxBytes, maxRows },
    get stats() {
      return { found, stored: stores };
    },
    async settled() {
      await Promise.all(writing);
      if (scheduled) await flush();
      await deleting;
    },
    stop: () => stopFollowing(),
  };
}
