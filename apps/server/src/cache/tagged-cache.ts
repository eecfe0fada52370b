/**
 * A short-lived in-memory cache whose entries carry tags; dropping a tag drops every entry that carries it.
 * A value read from the database before a tag was dropped is never stored after it: each fill notes the
 * invalidation count when it starts, and is stored only if none of its tags (nor the whole cache) was
 * dropped since. Concurrent misses for one key share one fill; a miss that comes after something was dropped
 * waits for the fill running and takes its value if none of its tags was dropped, else fills again.
 */
export interface Fill<V> {
  value: V;
  tags: readonly string[];
}

export interface TaggedCacheOptions<V> {
  ttlMs: number;
  maxEntries: number;
  /** Entries are dropped oldest first past this many bytes (as sizeOf counts them). */
  maxBytes?: number;
  sizeOf?: (value: V) => number;
  /** Milliseconds from any fixed point (monotonic); tests may move it. */
  now?: () => number;
  /**
   * Keys whose value, dropped by a tag, is still sent to the readers that come while another reader's fill of it
   * runs, for at most `previousMs` after the drop (decision 048): a hot page a write dropped is drawn once, by its
   * first reader, while the others get the page as it was before that write. Never after a clear().
   */
  previousFor?: (key: string) => boolean;
  previousMs?: number;
}

interface Entry<V> {
  value: V;
  tags: readonly string[];
  expiresAt: number;
  size: number;
}

/** A fill's value, and whether it still holds for a read that began after the fill (none of its tags dropped since). */
interface Filled<V> {
  value: V | null;
  fresh: boolean;
}

/** Past this many remembered tag drops, the oldest are forgotten by treating every older fill as stale. */
const MAX_REMEMBERED_DROPS = 50_000;

export class TaggedCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly byTag = new Map<string, Set<string>>();
  private readonly droppedAt = new Map<string, number>();
  private readonly inFlight = new Map<string, { started: number; promise: Promise<Filled<V>> }>();
  /** Values a drop of their tags took (previousFor's keys), and when. */
  private readonly previous = new Map<string, { value: V; droppedAt: number }>();
  /** Counts every drop; a fill remembers it when it starts. */
  private sequence = 0;
  /** Fills started before this are stale (the whole cache was dropped, or old drops were forgotten). */
  private staleBefore = 0;
  private bytes = 0;
  private readonly now: () => number;

  constructor(private readonly opts: TaggedCacheOptions<V>) {
    this.now = opts.now ?? (() => performance.now());
  }

  get size(): number {
    return this.entries.size;
  }

  get byteSize(): number {
    return this.bytes;
  }

  /** The live entry under `key`, if any. */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /**
   * The cached value, or `fill`'s (stored under its tags unless `store` is false or it is already stale).
   * `fill` answers null for what must not be cached; the caller then answers without the cache.
   */
  async read(key: string, fill: () => Promise<Fill<V> | null>, opts: { store?: boolean } = {}): Promise<V | null> {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const flying = this.inFlight.get(key);
    if (flying) {
      const previous = this.previous.get(key);
      if (previous && this.now() - previous.droppedAt <= (this.opts.previousMs ?? 0)) return previous.value;
      if (flying.started === this.sequence) return (await flying.promise).value;
      // Something was dropped since it began, most often something this key does not show (under writes, tags drop
      // every few milliseconds, and a page takes longer to draw): its value serves this read too unless one of its
      // tags was dropped. A stampede of fills of one hot page, each slower for the others, is what this spares.
      const shared = await flying.promise;
      if (shared.fresh) return shared.value;
      const again = this.get(key);
      if (again !== undefined) return again;
      const refill = this.inFlight.get(key);
      if (refill && refill.started === this.sequence) return (await refill.promise).value;
    }
    const started = this.sequence;
    const promise = fill()
      .then((filled): Filled<V> => {
        if (!filled) return { value: null, fresh: true };
        const fresh = this.fresh(started, filled.tags);
        if (opts.store !== false && fresh) this.set(key, filled);
        return { value: filled.value, fresh };
      })
      .finally(() => {
        if (this.inFlight.get(key)?.promise === promise) this.inFlight.delete(key);
      });
    this.inFlight.set(key, { started, promise });
    return (await promise).value;
  }

  /** Drops every entry carrying `tag`, and any fill of it still running. */
  invalidate(tag: string): void {
    this.sequence++;
    // Only a fill still running can be stale: with none listed, nothing needs remembering (so nothing old is
    // kept), and any fill begun before now that is somehow still running counts as stale.
    if (this.inFlight.size === 0) {
      this.droppedAt.clear();
      this.staleBefore = this.sequence;
    } else this.droppedAt.set(tag, this.sequence);
    if (this.droppedAt.size > MAX_REMEMBERED_DROPS) {
      this.droppedAt.clear();
      this.staleBefore = this.sequence;
    }
    const keys = this.byTag.get(tag);
    if (!keys) return;
    for (const key of [...keys]) {
      const entry = this.entries.get(key);
      if (entry && this.opts.previousFor?.(key)) {
        // Moved to the end, so the map stays in the order of the drops (prune stops at the first one still kept).
        this.previous.delete(key);
        this.previous.set(key, { value: entry.value, droppedAt: this.now() });
      }
      this.delete(key);
    }
  }

  /** Drops the entry under `key` (a later fill may store it again). */
  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.size;
    for (const tag of entry.tags) {
      const keys = this.byTag.get(tag);
      if (!keys) continue;
      keys.delete(key);
      if (keys.size === 0) this.byTag.delete(tag);
    }
  }

  /**
   * Drops the entries whose time is up (an expired entry is otherwise dropped only when read, or pushed out
   * by newer ones), so memory goes back after a burst. Entries live for the same time and are stored in
   * order, so the expired ones are the first.
   */
  prune(): void {
    const now = this.now();
    for (const [key, { droppedAt }] of this.previous) {
      if (now - droppedAt <= (this.opts.previousMs ?? 0)) break;
      this.previous.delete(key);
    }
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt > now) break;
      this.delete(key);
    }
  }

  /** Drops everything (and every fill still running). */
  clear(): void {
    this.sequence++;
    this.staleBefore = this.sequence;
    this.droppedAt.clear();
    this.previous.clear();
    this.entries.clear();
    this.byTag.clear();
    this.bytes = 0;
  }

  private fresh(started: number, tags: readonly string[]): boolean {
    if (started < this.staleBefore) return false;
    if (started === this.sequence) return true;
    return tags.every((tag) => (this.droppedAt.get(tag) ?? 0) <= started);
  }

  private set(key: string, filled: Fill<V>): void {
    this.prune();
    this.delete(key);
    this.previous.delete(key);
    const size = this.opts.sizeOf?.(filled.value) ?? 1;
    this.entries.set(key, { value: filled.value, tags: filled.tags, expiresAt: this.now() + this.opts.ttlMs, size });
    this.bytes += size;
    for (const tag of filled.tags) {
      let keys = this.byTag.get(tag);
      if (!keys) this.byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    // Oldest first (a Map keeps insertion order) until both limits hold.
    const maxBytes = this.opts.maxBytes ?? Infinity;
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.opts.maxEntries && this.bytes <= maxBytes) break;
      if (oldest === key) continue;
      this.delete(oldest);
    }
  }
}
