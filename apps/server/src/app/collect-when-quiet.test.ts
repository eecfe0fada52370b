import { describe, expect, it } from 'vitest';
import { collectWhenQuiet } from './collect-when-quiet.js';

const MiB = 2 ** 20;

/** A server's traffic and heap as a test sets them, and the collections asked for (each gives the growth back). */
function server() {
  const state = { answering: 0, begun: 0, lastBegan: 0, now: 0, heap: 100 * MiB, collections: 0 };
  const quiet = collectWhenQuiet({
    traffic: {
      get answering() {
        return state.answering;
      },
      get begun() {
        return state.begun;
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
  /** `n` requests answered, the last begun at `at`. */
  const requests = (n: number, at: number) => {
    state.begun += n;
    state.lastBegan = at;
  };
  return { state, quiet, requests };
}

describe('a full collection once the server is quiet after a busy spell', () => {
  it('collects 5 s after the last of many requests, once, and not again until more came', () => {
    const { state, quiet, requests } = server();
    requests(500, 1_000);
    state.now = 5_999;
    expect(quiet.check()).toBe(false);
    state.now = 6_000;
    expect(quiet.check()).toBe(true);
    expect(state.collections).toBe(1);

    // Quiet still: nothing new to give back, however long it lasts.
    state.now = 600_000;
    expect(quiet.check()).toBe(false);
    requests(499, 600_000);
    state.now = 700_000;
    expect(quiet.check()).toBe(false);
    requests(1, 700_000);
    state.now = 705_000;
    expect(quiet.check()).toBe(true);
    expect(state.collections).toBe(2);
  });

  it('collects after a trickle of requests once the heap grew 16 MiB', () => {
    const { state, quiet, requests } = server();
    requests(3, 0);
    state.now = 10_000;
    state.heap += 15 * MiB;
    expect(quiet.check()).toBe(false);
    state.heap += 1 * MiB;
    expect(quiet.check()).toBe(true);
  });

  it('never collects while a request is being answered, however long ago it began', () => {
    const { state, quiet, requests } = server();
    requests(10_000, 0);
    state.answering = 1;
    state.now = 600_000;
    expect(quiet.check()).toBe(false);
    state.answering = 0;
    expect(quiet.check()).toBe(true);
  });

  it('does nothing where node was started without --expose-gc', () => {
    const quiet = collectWhenQuiet({
      traffic: { answering: 0, begun: 1e6, lastBegan: 0 },
      collect: undefined,
      measure: () => 10_000 * MiB,
      now: () => 1e9,
    });
    expect(quiet.check()).toBe(false);
    quiet.stop();
  });
});
