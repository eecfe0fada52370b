import { unavailable } from './errors.js';

/**
 * Lets at most `concurrency` pieces of heavy work run at once and `queue` more wait their turn; past
 * that the caller gets 503 with Retry-After at once, rather than everyone waiting until connections time out.
 */
export function workGate(opts: { concurrency: number; queue: number }) {
  let running = 0;
  const waiting: (() => void)[] = [];
  const next = () => {
    running--;
    waiting.shift()?.();
  };
  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (running >= opts.concurrency) {
        if (waiting.length >= opts.queue) throw unavailable();
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
      running++;
      try {
        return await work();
      } finally {
        next();
      }
    },
    get load() {
      return { running, waiting: waiting.length };
    },
  };
}

export type WorkGate = ReturnType<typeof workGate>;
