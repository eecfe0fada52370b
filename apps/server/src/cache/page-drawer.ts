import { setImmediate as nextTurn } from 'node:timers/promises';
import type pg from 'pg';
import type { EventListener } from '../realtime/listener.js';
import { followEvents } from './public-cache.js';

/**
 * Post pages drawn ahead of their first visitor (decision 046): every public post's page is kept in the page store
 * (decision 039) before anyone asks for it, so a page nobody read today is sent from its row, never drawn while a
 * visitor (or a crawler) waits. At start, and after anything that empties the store, every public post without a
 * kept page is drawn, newest first; after a change that drops some pages (an edit, a reply, a like, a moderation
 * action), the posts it names are drawn again once the changes have gathered for `delayMs`.
 *
 * It never competes with visitors: each page is drawn only once no request is being answered (`idle`), and one
 * instance draws at a time (a PostgreSQL advisory lock: the others heard the same events and leave them to it). It
 * stops short of the store's cap, which would otherwise evict the pages it drew and have it draw them again.
 */
export interface PageDrawer {
  /** Draws what is due now (everything missing, with `all`), and resolves when done (tests, the bench). */
  drain(opts?: { all?: boolean }): Promise<void>;
  /** drawn: pages drawn and kept by this instance; passes: runs of it that held the lock. */
  readonly stats: { drawn: number; passes: number };
  stop(): Promise<void>;
}

export interface PageDrawerOptions {
  pool: pg.Pool;
  listener: Pick<EventListener, 'subscribe'>;
  /** The page store's key of a post's page for this build, less the post's id; null while none can be drawn. */
  keyPrefix(): string | null;
  /** Draws a visitor's page of the post and keeps it; false when there is nothing to keep (not public, no build). */
  draw(postId: string): Promise<boolean>;
  /** Resolves once no request is being answered. */
  idle(): Promise<void>;
  /** The store's caps (rows, and bytes as it counts them): drawing ahead stops at nine tenths of either. */
  caps: { maxRows: number; maxBytes: number };
  /** How long heard changes gather before their pages are drawn again; without it, only `drain` draws. */
  delayMs?: number;
  onError?: (err: unknown) => void;
}

/** Posts looked up at a time. */
const BATCH = 50;
/** The advisory lock one instance draws under. */
const LOCK = 'fenestra:page-drawer';

export function createPageDrawer(opts: PageDrawerOptions): PageDrawer {
  const onError = opts.onError ?? (() => {});
  // Posts whose pages a heard change dropped, and whether something dropped pages no post names (a member's
  // rename, a settings change, everything).
  let queued = new Set<string>();
  let sweep = opts.delayMs !== undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  // Ends the wait for quiet when stopped: one at a time (a race with a promise that lives as long as the drawer
  // would leave a reaction on it for every page drawn).
  let endWait: (() => void) | null = null;
  const quietOrStopped = () =>
    new Promise<void>((resolve) => {
      endWait = resolve;
      void opts.idle().then(resolve);
    }).finally(() => (endWait = null));
  let drawn = 0;
  let passes = 0;

  const wake = () => {
    if (opts.delayMs === undefined || stopped || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void run();
    }, opts.delayMs);
    timer.unref();
  };
  const stopFollowing = followEvents(opts.listener, {
    invalidate(tag) {
      if (tag.startsWith('post:')) queued.add(tag.slice('post:'.length));
      else if (tag.startsWith('member:')) sweep = true;
      else return;
      wake();
    },
    clear() {
      sweep = true;
      wake();
    },
  });

  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await pass().catch(onError);
      } while (again && !stopped);
    })().finally(() => (running = null));
    return running;
  }

  async function pass(): Promise<void> {
    const prefix = opts.keyPrefix();
    if (!prefix || stopped) return;
    const all = sweep;
    const named = [...queued];
    sweep = false;
    queued = new Set();
    if (!all && named.length === 0) return;
    const client = await opts.pool.connect();
    let locked = false;
    try {
      const { rows } = await client.query<{ got: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS got', [LOCK]);
      // Another instance is drawing: it heard the same changes.
      if (!rows[0]?.got) return;
      locked = true;
      passes++;
      const full = async () => {
        const { rows: kept } = await client.query<{ n: number; bytes: number }>(
          'SELECT count(*)::int AS n, coalesce(sum(bytes), 0)::float8 AS bytes FROM rendered_pages',
        );
        return kept[0]!.n >= opts.caps.maxRows * 0.9 || kept[0]!.bytes >= opts.caps.maxBytes * 0.9;
      };
      // Newest first, each post once a pass (a post that cannot be drawn is not asked again).
      let after: { createdAt: string; id: string } | null = null;
      while (!stopped && !(await full())) {
        const { rows: missing }: { rows: { id: string; created_at: string }[] } = await client.query(
          // The time as text: to the microsecond (a Date keeps milliseconds).
          `SELECT p.id, p.created_at::text AS created_at FROM posts p
           WHERE p.status IN ('open', 'solved') AND ($2::uuid[] IS NULL OR p.id = ANY($2::uuid[]))
             AND ($3::timestamptz IS NULL OR (p.created_at, p.id) < ($3::timestamptz, $4::uuid))
             AND NOT EXISTS (SELECT 1 FROM rendered_pages r WHERE r.key = $1 || p.id::text)
           ORDER BY p.created_at DESC, p.id DESC LIMIT ${BATCH}`,
          [prefix, all ? null : named, after?.createdAt ?? null, after?.id ?? null],
        );
        for (const post of missing) {
          await quietOrStopped();
          if (stopped) return;
          if (await opts.draw(post.id)) drawn++;
          // Whatever waits for the event loop goes first.
          await nextTurn();
        }
        if (missing.length < BATCH) break;
        const last: { id: string; created_at: string } = missing.at(-1)!;
        after = { createdAt: last.created_at, id: last.id };
      }
    } finally {
      if (locked) await client.query('SELECT pg_advisory_unlock(hashtext($1))', [LOCK]).catch(onError);
      client.release();
    }
  }

  if (sweep) wake();

  return {
    drain({ all = false } = {}) {
      if (all) sweep = true;
      return run();
    },
    get stats() {
      return { drawn, passes };
    },
    async stop() {
      stopped = true;
      endWait?.();
      clearTimeout(timer);
      stopFollowing();
      await running;
    },
  };
}
