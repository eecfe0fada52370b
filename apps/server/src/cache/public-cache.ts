import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { eventRow, isForumEventType, type CacheTagKind } from '@fenestra/shared';
import { namedMember, type BusEvent, type ForumBusEvent } from '../realtime/bus-event.js';
import type { EventListener } from '../realtime/listener.js';
import { TaggedCache } from './tagged-cache.js';
import type { ReplayableBody } from './replay.js';

/**
 * The public-read cache (DESIGN.md 'Where things go as they grow'): serialised answers that are the same
 * for every visitor (the home list in every filter, sort and page; a post's data and page; a member's
 * profile), kept for a few seconds and dropped at once by the live-update events of every instance.
 * Compressed copies are made once per entry, on the first request that accepts them.
 *
 * Never put in it what depends on who asks: a member's likes and bookmarks go on top as an overlay
 * (see modules/posts), and what only some may see (pending posts, staff fields) is never filled.
 */

/** Tags an entry carries: what it shows. Events drop them as their rows' `drops` say (FORUM_EVENTS in packages/shared). */
export const TAGS = {
  /** Any list of posts (home, videos, a member's posts): every post change may move or add a row. */
  lists: 'lists',
  /** A post's own answers (its data, its replies, its page). */
  post: (postId: string) => `post:${postId.toLowerCase()}`,
  /** Anything showing this member (as an author, a mention, their profile). */
  member: (userId: string) => `member:${userId}`,
  /** Every profile and its tabs (reply and helpful counts change with any reply, and with a post's status). */
  profiles: 'profiles',
  /** Every search answer: any post's or reply's text, status or counts may add, move or drop a result. */
  search: 'search',
  /** Answers made of many posts' text and replies: sitemaps, feeds, part pages (decision 034). */
  pages: 'pages',
  /** Every answer showing a post's stored similar questions: the job's similar.changed drops them (decision 040). */
  similar: 'similar',
} as const;

/** One kind of tag of the event table, for this event; null when the event lacks the id it needs. */
function tagOf(kind: CacheTagKind, event: ForumBusEvent): string | null {
  switch (kind) {
    case 'lists':
    case 'profiles':
    case 'search':
    case 'pages':
    case 'similar':
      return TAGS[kind];
    case 'post':
      return event.postId ? TAGS.post(event.postId) : null;
    case 'member': {
      const member = namedMember(event);
      return member ? TAGS.member(member) : null;
    }
  }
}

/**
 * The tags an event drops, as its row's `drops` says, or 'all' (its row says so, or it lacks an id a tag needs:
 * what it changed cannot be told). A type this build does not know drops nothing.
 */
export function tagsDroppedBy(event: BusEvent): string[] | 'all' {
  if (event.type === 'stream.watch' || !isForumEventType(event.type)) return [];
  const { drops } = eventRow(event.type);
  if (drops === 'all') return 'all';
  const tags: string[] = [];
  for (const kind of drops) {
    const tag = tagOf(kind, event);
    if (tag === null) return 'all';
    tags.push(tag);
  }
  return tags;
}

/** Drops what each event of every instance changes; everything after the feed was away (events may be lost). */
export function followEvents(
  listener: Pick<EventListener, 'subscribe'>,
  cache: { invalidate(tag: string): void; clear(): void },
): () => void {
  return listener.subscribe({
    event(event) {
      const tags = tagsDroppedBy(event);
      if (tags === 'all') cache.clear();
      else for (const tag of tags) cache.invalidate(tag);
    },
    resumed: () => cache.clear(),
  });
}

/** The public-read cache's keys of the pages the server draws (plugins/spa.ts). */
export const PAGE_KEY = 'html:page:';

export type Encoding = 'br' | 'gzip';

export const JSON_TYPE = 'application/json; charset=utf-8';

/** One cached answer: its bytes, made once; `value` is what was serialised (for overlays). */
export interface CachedBody<T = unknown> extends ReplayableBody {
  readonly type: string;
  readonly body: Buffer;
  readonly etag: string;
  readonly value: T;
  /** The body compressed, made on first use and kept with the entry. */
  encoded(encoding: Encoding): Buffer;
  /** Made for one member (their marks on a public answer): sent as PRIVATE_ANSWER. */
  readonly private?: boolean;
  /** The body's length, when the body itself is made only if asked for (an answer kept compressed: `only`). */
  readonly size?: number;
  /** The one encoding it is kept in (a page from the page store: gzip); a client that does not take it gets the body. */
  readonly only?: Encoding;
}

export interface BodyFill<T = unknown> {
  /**
   * The serialised answer (JSON text, HTML); a function when it comes compressed (`gzip`): made when first asked for
   * (a client that does not take gzip), from the compressed bytes.
   */
  body: string | Buffer | (() => Buffer);
  /** The answer gzip-compressed already (a page from the page store): sent as it is to every client taking gzip. */
  gzip?: Buffer;
  /** The body's length, when `body` is a function. */
  bytes?: number;
  /** Content-Type, e.g. 'application/json; charset=utf-8'. */
  type: string;
  tags: readonly string[];
  /** What `body` serialises, kept for overlays; optional. */
  value?: T;
  /**
   * What the ETag is made from, when not the body: a page carrying the time it was drawn keeps its ETag while what it
   * shows is the same (a browser's copy then says its own, older time, which only makes its stream more careful).
   */
  etagFrom?: string;
  /** The ETag itself, when it was made before (a page kept in the page store): nothing is hashed. */
  etag?: string;
}

/** A member's version that is the shared entry itself: its bytes, with a liveness of its own (see `personal`). */
function sharedView<T>(entry: CachedBody<T>): CachedBody<T> {
  return {
    type: entry.type,
    get body() {
      return entry.body;
    },
    size: entry.size,
    only: entry.only,
    etag: entry.etag,
    value: entry.value,
    encoded: entry.encoded,
    live: () => false,
    shared: true,
  } as CachedBody<T>;
}

/** A member's version, and the shared entry it was last asked on top of. */
interface PersonalBody extends CachedBody {
  base: CachedBody;
}

const isShared = (body: CachedBody) => (body as { shared?: boolean }).shared === true;

/** Below this, compressing costs more than it saves (the threshold the compress plugin uses). */
const COMPRESS_MIN_BYTES = 1024;

/**
 * Bytes in memory of their own. A small Buffer (Buffer.from, zlib's output) is a slice of an 8 KiB slab shared
 * with whatever else was allocated then; kept for seconds in the cache, it would keep the whole slab alive.
 */
function own(bytes: string | Buffer): Buffer {
  const length = typeof bytes === 'string' ? Buffer.byteLength(bytes) : bytes.length;
  const copy = Buffer.allocUnsafeSlow(length);
  if (typeof bytes === 'string') copy.write(bytes);
  else bytes.copy(copy);
  return copy;
}

/** The ETag of a body (or of what it is made from). */
export const etagOf = (bytes: string | Buffer) =>
  `W/"${createHash('sha1').update(bytes).digest('base64url').slice(0, 22)}"`;

/** A body and its ETag; its compressed copies are made on first use and kept with it. */
export function cachedBody<T>(fill: BodyFill<T>): CachedBody<T> {
  if (typeof fill.body === 'function') return gzippedBody(fill, fill.body);
  const body = own(fill.body);
  const etag = fill.etag ?? etagOf(fill.etagFrom ?? body);
  let br: Buffer | undefined;
  let gzip: Buffer | undefined;
  return {
    type: fill.type,
    body,
    etag,
    value: fill.value as T,
    // Not in a cache: never replayed (the public cache sets its own when it stores one).
    live: () => false,
    encoded(encoding) {
      if (encoding === 'br') {
        br ??= own(
          brotliCompressSync(body, {
            params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
          }),
        );
        return br;
      }
      gzip ??= own(gzipSync(body, { level: 6 }));
      return gzip;
    },
  };
}

/** An answer that came gzip-compressed: sent as it is; its body made only if a client does not take gzip. */
function gzippedBody<T>(fill: BodyFill<T>, make: () => Buffer): CachedBody<T> {
  if (!fill.gzip || fill.etag === undefined || fill.bytes === undefined)
    throw new Error('An answer made from its compressed bytes needs them, its ETag and its length');
  const gzip = own(fill.gzip);
  let body: Buffer | undefined;
  return {
    type: fill.type,
    get body() {
      return (body ??= own(make()));
    },
    size: fill.bytes,
    only: 'gzip',
    etag: fill.etag,
    value: fill.value as T,
    live: () => false,
    encoded: () => gzip,
  };
}

/** The last Accept-Encoding read and its answer: a browser sends the same one with every request. */
let lastAccepted: { header: string; encoding: Encoding | null } = { header: '', encoding: null };

/** The best encoding the request accepts that we keep (br, then gzip), or null for the plain body. */
export function acceptedEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  if (header !== lastAccepted.header) lastAccepted = { header, encoding: bestEncoding(header) };
  return lastAccepted.encoding;
}

/** Whether the request takes `encoding` (a client taking br takes gzip too, as every browser does, but is asked). */
function accepts(header: string | undefined, encoding: Encoding): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [rawName, ...params] = part.split(';');
    const name = rawName!.trim().toLowerCase();
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return (name === encoding || name === '*') && !(q && Number(q.slice(2)) === 0);
  });
}

function bestEncoding(header: string): Encoding | null {
  let gzip = false;
  for (const part of header.split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = rawName!.trim().toLowerCase();
    if (name !== 'br' && name !== 'gzip' && name !== '*') continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    if (name === 'br' || name === '*') return 'br';
    gzip = true;
  }
  return gzip ? 'gzip' : null;
}

/**
 * Sends a cached answer: compressed as the request accepts, with its ETag (304 when the browser has it).
 * The bytes are public (a member whose marks change nothing gets them too); `no-cache`: every use is asked
 * again with the ETag. A member's own version (their marks on it) is private and kept nowhere.
 */
export function sendCached(request: FastifyRequest, reply: FastifyReply, entry: CachedBody): FastifyReply {
  reply
    .header('ETag', entry.etag)
    .header('Vary', 'Accept-Encoding')
    .header('Cache-Control', entry.private ? PRIVATE_ANSWER : 'no-cache')
    .type(entry.type);
  // What the replay needs to answer this request again (decision 021).
  request.replayEntry = entry;
  if (request.headers['if-none-match'] === entry.etag) return reply.status(304).send();
  const header = request.headers['accept-encoding'];
  let encoding = (entry.size ?? entry.body.length) >= COMPRESS_MIN_BYTES ? acceptedEncoding(header) : null;
  if (encoding && entry.only && encoding !== entry.only) encoding = accepts(header, entry.only) ? entry.only : null;
  request.replayEncoding = encoding;
  if (!encoding) return reply.send((request.replayBody = entry.body));
  return reply.header('Content-Encoding', encoding).send((request.replayBody = entry.encoded(encoding)));
}

/**
 * The Cache-Control of every answer that depends on who asks: kept by no shared cache and by no browser either (a
 * member's marks, a pending post, their own profile must not outlive a sign-out). Every answer carries it unless
 * it sets its own (plugins/security.ts); sendCached's public bytes say `no-cache`.
 */
export const PRIVATE_ANSWER = 'private, no-store';

/** A public read's answer: a cached entry, or JSON text made for this member (compressed by the compress plugin). */
export function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: CachedBody | string): FastifyReply {
  if (typeof answer !== 'string') return sendCached(request, reply, answer);
  return reply.header('Cache-Control', PRIVATE_ANSWER).type(JSON_TYPE).send(answer);
}

export interface PublicCacheOptions {
  /** How long an entry lives at most (events drop it sooner). */
  ttlMs?: number;
  maxEntries?: number;
  maxBytes?: number;
  now?: () => number;
}

export interface PublicCache {
  /**
   * The cached answer under `key`, or `fill`'s (stored under its tags). `fill` answers null for what must
   * not be cached (a post only some may see); the caller then answers without the cache. While the event
   * feed is down nothing is stored (a change could not drop it), though fills still answer.
   */
  read<T>(key: string, fill: () => Promise<BodyFill<T> | null>): Promise<CachedBody<T> | null>;
  /** Sends a cached answer: compressed as the request accepts, with its ETag (304 when the browser has it). */
  send(request: FastifyRequest, reply: FastifyReply, body: CachedBody): FastifyReply;
  /**
   * One member's version of a cached entry (their own marks laid on it), kept under the member and the
   * entry's ETag, so no one else is ever sent it. `make` answers the member's body, or null when it is the
   * entry's own (nothing of theirs on it). `tags` name what the marks depend on (the posts shown): a like
   * or bookmark changes its post, and that post's event drops the member's version at once.
   */
  personal(
    memberId: string,
    entry: CachedBody,
    tags: readonly string[],
    make: () => Promise<string | null>,
  ): Promise<CachedBody>;
  invalidate(tag: string): void;
  clear(): void;
  /** misses: reads not answered by an entry; fills: the answers made for them (concurrent misses of a key share one). */
  readonly stats: { entries: number; bytes: number; personal: number; hits: number; misses: number; fills: number };
}

export function createPublicCache(
  listener: Pick<EventListener, 'subscribe' | 'listening'>,
  opts: PublicCacheOptions = {},
): PublicCache & { stop(): void } {
  // Bounded by bytes, so a crawler walking every page cannot grow the server past its memory target (issue 14:
  // under 300 MB): 32 MiB of shared entries as counted below, 16 MiB of members' versions.
  const maxBytes = opts.maxBytes ?? 32 * 2 ** 20;
  const cache = new TaggedCache<CachedBody>({
    ttlMs: opts.ttlMs ?? 10_000,
    maxEntries: opts.maxEntries ?? 5_000,
    maxBytes,
    // The body, what it serialises (kept for overlays: a list's parts, a post's fields: about the body's size
    // again) and the compressed copies made later (together smaller than the body): counted as three bodies.
    sizeOf: (entry) => (entry.size ?? entry.body.length) * 3 + 200,
    now: opts.now,
    // A server-drawn page a change dropped is drawn again by its first reader; those who come meanwhile get it as it
    // was, stamped with the time it was read, so their live stream catches up with the change (decision 048).
    previousFor: (key) => key.startsWith(PAGE_KEY),
    previousMs: 2_000,
  });
  // Members' versions: only their bodies and compressed copies count (one that is the shared entry costs a reference).
  const personal = new TaggedCache<CachedBody>({
    ttlMs: opts.ttlMs ?? 10_000,
    maxEntries: (opts.maxEntries ?? 5_000) * 4,
    maxBytes: maxBytes / 2,
    sizeOf: (entry) => 200 + (isShared(entry) ? 0 : (entry.size ?? entry.body.length) * 2),
    now: opts.now,
  });
  let hits = 0;
  let misses = 0;
  let fills = 0;
  const stopFollowing = [followEvents(listener, cache), followEvents(listener, personal)];
  // Expired entries go within a lifetime even when nothing is read or stored (an idle server after a crawl).
  const sweep = setInterval(() => {
    cache.prune();
    personal.prune();
  }, opts.ttlMs ?? 10_000);
  sweep.unref();

  return {
    async read<T>(key: string, fill: () => Promise<BodyFill<T> | null>) {
      const hit = cache.get(key);
      if (hit) {
        hits++;
        return hit as CachedBody<T>;
      }
      misses++;
      const made = await cache.read(
        key,
        async () => {
          fills++;
          const filled = await fill();
          if (!filled) return null;
          const body = cachedBody(filled) as CachedBody;
          // Still this very entry: not dropped by an event, not expired, not replaced (and stored at all).
          body.live = () => cache.get(key) === body;
          return { value: body, tags: filled.tags };
        },
        { store: listener.listening() },
      );
      return made as CachedBody<T> | null;
    },

    async personal(memberId, entry, tags, make) {
      const key = `${memberId} ${entry.etag}`;
      const hit = personal.get(key) as PersonalBody | undefined;
      if (hit) {
        // The shared entry may have been filled again with the same bytes (the key holds its ETag).
        hit.base = entry;
        return hit;
      }
      const made = await personal.read(
        key,
        async () => {
          const body = await make();
          const value = (
            body === null
              ? sharedView(entry)
              : Object.assign(cachedBody({ body, type: entry.type, tags: [] }), { private: true })
          ) as PersonalBody;
          value.base = entry;
          // The member's version is still the live one, and so is the shared entry it lies on.
          value.live = () => personal.get(key) === value && value.base.live();
          return { value, tags: [...tags, TAGS.member(memberId)] };
        },
        { store: listener.listening() },
      );
      return made!;
    },

    send: sendCached,
    invalidate: (tag) => {
      cache.invalidate(tag);
      personal.invalidate(tag);
    },
    clear: () => {
      cache.clear();
      personal.clear();
    },
    get stats() {
      return { entries: cache.size, bytes: cache.byteSize, personal: personal.size, hits, misses, fills };
    },
    stop: () => {
      clearInterval(sweep);
      stopFollowing.forEach((stop) => stop());
    },
  };
}
