import { describe, it, expect } from 'vitest';
import { CLOCK_SKEW_MS, recentEvents } from './recent-events.js';

const reply = (postId: string) => ({ type: 'reply.created' as const, postId, replyId: postId });

describe('the events an instance heard lately', () => {
  it('says nothing reaches back before the feed was in place, nor past what it dropped', () => {
    let now = 1_000_000;
    const ring = recentEvents(() => now, { keepMs: 60_000, max: 3 });
    expect(ring.since(String(now))).toBeNull();
    ring.listening();
    const since = ring.stamp();
    now += CLOCK_SKEW_MS;
    expect(ring.since(since)).toEqual([]);
    ring.add(reply('a'));
    now += 1;
    expect(ring.since(since)).toEqual([reply('a')]);
    // A fourth event drops the first: a page read before it can no longer be told.
    for (const id of ['b', 'c', 'd']) {
      now += 1;
      ring.add(reply(id));
    }
    expect(ring.since(since)).toBeNull();
    expect(ring.since(ring.stamp())).toEqual([reply('d')]);
    // Kept a minute: an event older than that is dropped, and a page read before it can no longer be told.
    const read = ring.stamp();
    now += CLOCK_SKEW_MS;
    ring.add(reply('e'));
    now += 61_000;
    expect(ring.since(read)).toBeNull();
    // A page read after it is told nothing happened, however long ago that was: every later event would be kept.
    const quiet = ring.stamp();
    now += 600_000;
    expect(ring.since(quiet)).toEqual([]);
  });

  it("allows for another instance's clock, and starts over when the feed comes back", () => {
    let now = 5_000_000;
    const ring = recentEvents(() => now);
    ring.listening();
    now += 10_000;
    ring.add(reply('a'));
    now += CLOCK_SKEW_MS / 2;
    expect(ring.since(ring.stamp())).toEqual([]);
    expect(ring.since(`${now}.00000000`)).toEqual([reply('a')]);
    ring.listening();
    expect(ring.since(`${now - 1}`)).toBeNull();
  });
});
