import v8 from 'node:v8';
import type { Traffic } from '../plugins/traffic.js';

const MiB = 2 ** 20;

export interface QuietCollectionOptions {
  traffic: Pick<Traffic, 'answering' | 'lastBegan'>;
  /** A full collection: node's `gc` (the server runs with --expose-gc, scripts/server-process.mjs); none, none run. */
  collect: (() => void) | undefined;
  /** How long no request must have begun (default 5 s). */
  quietMs?: number;
  /** How much the heap's objects and buffers must have grown since the last collection left them (default 16 MiB). */
  growthBytes?: number;
  /** The heap's objects and its buffers, in bytes (tests give their own). */
  measure?: () => number;
  /** performance.now() unless a test's. */
  now?: () => number;
}

/**
 * What V8's heap holds (garbage included, until a collection) and the array buffers outside it: its committed size
 * would not do, as a collection leaves it high for a while and the next growth would be measured from there.
 */
const heapAndBuffers = () => v8.getHeapStatistics().used_heap_size + process.memoryUsage().arrayBuffers;

/**
 * One full collection once the server has gone quiet after its heap grew (decision 047): V8 collects in earnest when
 * it allocates, so what a busy spell left behind (50 MiB and more after a load) stays resident while the server sits
 * idle, and RSS is measured then. `check()` is what the timer runs; it collects at most once a quiet spell.
 */
export function collectWhenQuiet(opts: QuietCollectionOptions): { check(): boolean; stop(): void } {
  const quietMs = opts.quietMs ?? 5_000;
  const growth = opts.growthBytes ?? 16 * MiB;
  const measure = opts.measure ?? heapAndBuffers;
  const now = opts.now ?? (() => performance.now());
  let baseline = measure();
  const check = () => {
    const { answering, lastBegan } = opts.traffic;
    if (!opts.collect || answering > 0 || now() - lastBegan < quietMs) return false;
    if (measure() - baseline < growth) return false;
    opts.collect();
    baseline = measure();
    return true;
  };
  const timer = opts.collect ? setInterval(check, quietMs).unref() : undefined;
  return { check, stop: () => clearInterval(timer) };
}
