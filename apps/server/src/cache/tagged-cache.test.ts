import { describe, it, expect } from 'vitest';
import { TaggedCache } from './tagged-cache.js';
import { acceptedEncoding } from './public-cache.js';

const deferred = <T>() => {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};

describe('TaggedCache', () => {
  it('keeps a value until its tag is dropped or it expires', async () => {
    let now = 0;
    const cache = new TaggedCache<string>({ ttlMs: 100, maxEntries: 10, now: () => now });
    await cache.read('a', async () => ({ value: 'A', tags: ['t1'] }));
    await cache.read('b', async () => ({ value: 'B', tags: ['t2'] }));
    expect(cache.get('a')).toBe('A');
    cache.invalidate('t1');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe('B');
    now = 100;
    expect(cache.get('b')).toBeUndefined();
  });

  it('never stores a value read before its tag was dropped, and a later reader does not share that read', async () => {
    const cache = new TaggedCache<string>({ ttlMs: 1000, maxEntries: 10 });
    const slow = deferred<{ value: string; tags: string[] }>();
    const first = cache.read('k', () => slow.promise);
    cache.invalidate('t');
    const second = cache.read('k', async () => ({ value: 'new', tags: ['t'] }));
    slow.resolve({ value: 'old', tags: ['t'] });
    expect(await first).toBe('old');
    expect(await second).toBe('new');
    expect(cache.get('k')).toBe('new');
  });

  it('a reader that comes after an unrelated drop shares the fill running; after a drop of its tag it fills again', async () => {
    const cache = new TaggedCache<string>({ ttlMs: 1000, maxEntries: 10 });
    let fills = 0;
    const slow = deferred<{ value: string; tags: string[] }>();
    const fill = () => (++fills === 1 ? slow.promise : Promise.resolve({ value: `v${fills}`, tags: ['post:1'] }));
    const first = cache.read('page', fill);
    cache.invalidate('post:2');
    const second = cache.read('page', fill);
    slow.resolve({ value: 'v1', tags: ['post:1'] });
    expect(await Promise.all([first, second])).toEqual(['v1', 'v1']);
    expect(fills).toBe(1);
    expect(cache.get('page')).toBe('v1');

    cache.invalidate('post:1');
    const again = deferred<{ value: string; tags: string[] }>();
    const third = cache.read('page', () => again.promise);
    cache.invalidate('post:1');
    const fourth = cache.read('page', fill);
    const fifth = cache.read('page', fill);
    again.resolve({ value: 'old', tags: ['post:1'] });
    expect(await third).toBe('old');
    // The two that came after the drop share one new fill, and it is kept.
    expect(await Promise.all([fourth, fifth])).toEqual(['v2', 'v2']);
    expect(fills).toBe(2);
    expect(cache.get('page')).toBe('v2');
  });

  it('sends a dropped page as it was to the readers that come while its first reader draws it again, for a while', async () => {
    let now = 0;
    const cache = new TaggedCache<string>({
      ttlMs: 10_000,
      maxEntries: 10,
      now: () => now,
      previousFor: (key) => key.startsWith('page:'),
      previousMs: 2_000,
    });
    await cache.read('page:1', async () => ({ value: 'before', tags: ['post:1'] }));
    await cache.read('list', async () => ({ value: 'list before', tags: ['post:1'] }));
    cache.invalidate('post:1');
    const redraw = deferred<{ value: string; tags: string[] }>();
    // The first reader after the drop draws it again and waits for it; the next get the page as it was.
    const first = cache.read('page:1', () => redraw.promise);
    expect(await cache.read('page:1', async () => ({ value: 'drawn twice', tags: ['post:1'] }))).toBe('before');
    // Only the keys asked for: another waits for the fill running.
    const listFill = deferred<{ value: string; tags: string[] }>();
    const list = cache.read('list', () => listFill.promise);
    const listJoined = cache.read('list', async () => ({ value: 'list twice', tags: ['post:1'] }));
    listFill.resolve({ value: 'list after', tags: ['post:1'] });
    expect(await Promise.all([list, listJoined])).toEqual(['list after', 'list after']);
    redraw.resolve({ value: 'after', tags: ['post:1'] });
    expect(await first).toBe('after');
    expect(await cache.read('page:1', async () => ({ value: 'unused', tags: [] }))).toBe('after');

    // Past previousMs, or after everything was dropped, a reader waits for the fill running.
    for (const drop of [() => (now += 2_001), () => cache.clear()]) {
      cache.invalidate('post:1');
      drop();
      const again = deferred<{ value: string; tags: string[] }>();
      const drawing = cache.read('page:1', () => again.promise);
      const waiting = cache.read('page:1', async () => ({ value: 'unused', tags: [] }));
      again.resolve({ value: `drawn at ${now}`, tags: ['post:1'] });
      expect(await Promise.all([drawing, waiting])).toEqual([`drawn at ${now}`, `drawn at ${now}`]);
    }
  });

  it('shares one fill between readers that miss together; stores nothing for a null fill or after clear', async () => {
    const cache = new TaggedCache<string>({ ttlMs: 1000, maxEntries: 10 });
    let fills = 0;
    const fill = async () => ({ value: `v${++fills}`, tags: [] });
    expect(await Promise.all([cache.read('k', fill), cache.read('k', fill)])).toEqual(['v1', 'v1']);
    expect(await cache.read('none', async () => null)).toBeNull();
    expect(cache.get('none')).toBeUndefined();
    const slow = deferred<{ value: string; tags: string[] }>();
    const pending = cache.read('later', () => slow.promise);
    cache.clear();
    slow.resolve({ value: 'stale', tags: [] });
    await pending;
    expect(cache.get('later')).toBeUndefined();
  });

  it('drops the oldest entries past its limits', async () => {
    const cache = new TaggedCache<string>({ ttlMs: 1000, maxEntries: 2, maxBytes: 10, sizeOf: (v) => v.length });
    for (const key of ['a', 'b', 'c']) await cache.read(key, async () => ({ value: key, tags: [] }));
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 'b', 'c']);
    await cache.read('big', async () => ({ value: '123456789', tags: [] }));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.byteSize).toBeLessThanOrEqual(10);
  });
});

describe('acceptedEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('gzip, br;q=0')).toBe('gzip');
    expect(acceptedEncoding('deflate')).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
  });
});
