import v8 from 'node:v8';
import type { Traffic } from '../plugins/traffic.js';

const MiB = 2 ** 20;

export interface QuietCollectionOptions {
  traffic: Pick<Traffic, 'answering' | 'begun' | 'lastBegan'>;
  /** Full collections: node's `gc` (the server runs with --expose-gc, scripts/server-process.mjs); none, none run. */
  collect: (() => void) | undefined;
  /** How long no request must have begun (default 5 s). */
  quietMs?: number;
  /** A busy spell: this many requests since the last collection (default 500)... */
  busyRequests?: number;
  /** ...or this much growth of the heap's objects and buffers since the last collection left them (default 16 MiB). */
  growthBytes?: number;
  /** The heap's objects and its buffers, in bytes (tests give their own). */
  measure?: () => number;
  /** performance.now() unless a test's. */
  now?: () => number;
}

/** What V8's heap holds (garbage included, until a collection) and the array buffers outside it. */
const heapAndBuffers = () => v8.getHeapStatistics().used_heap_size + process.memoryUsage().arrayBuffers;

/**
 * A full collection once the server has gone quiet after a busy spell (decision 047): V8 collects in earnest when it
 * allocates, so what the spell left (garbage, and heap pages committed but emptied) stays resident while the server
 * sits idle, and RSS is measured then. A busy spell is many requests, or a heap grown by a trickle of them.
 * `check()` is what the timer runs; it collects at most once a quiet spell.
 */
export function collectWhenQuiet(opts: QuietCollectionOptions): { check(): boolean; stop(): void } {
  const quietMs = opts.quietMs ?? 5_000;
  const busyRequests = opts.busyRequests ?? 500;
  const growth = opts.growthBytes ?? 16 * MiB;
  const measure = opts.measure ?? heapAndBuffers;
  const now = opts.now ?? (() => performance.now());
  let left = measure();
  let begunThen = opts.traffic.begun;
  const check = () => {
    const { answering, begun, lastBegan } = opts.traffic;
    if (!opts.collect || answering > 0 || now() - lastBegan < quietMs || begun === begunThen) return false;
    if (begun - begunThen < busyRequests && measure() - left < growth) return false;
    opts.collect();
    left = measure();
    begunThen = begun;
    return true;
  };
  const timer = opts.collect ? setInterval(check, quietMs).unref() : undefined;
  return { check, stop: () => clearInterval(timer) };
}
