import { describe, expect, it } from 'vitest';
import { collectWhenQuiet } from './collect-when-quiet.js';

const MiB = 2 ** 20;

/** A server's traffic and heap as a test sets them, and the collections asked for (each gives the growth back). */
function server() {
  const state = { answering: 0, lastBegan: 0, now: 0, heap: 100 * MiB, collections: 0 };
  const quiet = collectWhenQuiet({
    traffic: {
      get answering() {
        return state.answering;
      },
      get lastBegan() {
        return state.lastBegan;
      },
    },
    collect: () => {
      state.collections++;
      state.heap = 100 * MiB;
    },
    measure: () => state.heap,
    now: () => state.now,
  });
  return { state, quiet };
}

describe('one full collection once the server is quiet after its heap grew', () => {
  it('collects after 5 s without a request, once, and again only after the heap grew again', () => {
    const { state, quiet } = server();
    state.heap += 60 * MiB;
    state.lastBegan = 1_000;
    state.now = 5_999;
    expect(quiet.check()).toBe(false);
    state.now = 6_000;
    expect(quiet.check()).toBe(true);
    expect(state.collections).toBe(1);

    // Quiet still, nothing grew: nothing to give back.
    state.now = 60_000;
    expect(quiet.check()).toBe(false);
    state.heap += 10 * MiB;
    expect(quiet.check()).toBe(false);
    state.heap += 10 * MiB;
    expect(quiet.check()).toBe(true);
    expect(state.collections).toBe(2);
  });

  it('never collects while a request is being answered, however long ago it began', () => {
    const { state, quiet } = server();
    state.heap += 200 * MiB;
    state.answering = 1;
    state.now = 600_000;
    expect(quiet.check()).toBe(false);
    state.answering = 0;
    expect(quiet.check()).toBe(true);
  });

  it('does nothing where node was started without --expose-gc', () => {
    const quiet = collectWhenQuiet({
      traffic: { answering: 0, lastBegan: 0 },
      collect: undefined,
      measure: () => 10_000 * MiB,
      now: () => 1e9,
    });
    expect(quiet.check()).toBe(false);
    quiet.stop();
  });
});
