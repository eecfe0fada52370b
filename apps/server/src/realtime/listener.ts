import pg from 'pg';
import { EVENTS_CHANNEL, parseBusEvent, type BusEvent } from './bus-event.js';

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface EventListener {
  /** Every event from every instance; `resumed` after the LISTEN connection came back (events may be lost). */
  subscribe(handlers: { event(event: BusEvent): void; resumed(): void }): () => void;
  /** Resolves once LISTEN is in place (the first time). */
  ready: Promise<void>;
  /** Whether LISTEN is in place now (while it is not, events may be missed). */
  listening(): boolean;
  /**
   * Resolves once every event committed before the call has reached the subscribers: a marker sent now on
   * the LISTEN connection comes back after them (notifications arrive in commit order). Resolves at once
   * while not listening, and after `timeoutMs` at the latest.
   */
  sync(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * One dedicated LISTEN connection per instance (not from the pool: a pooled client is handed back and
 * would stop listening). When it is lost it reconnects with a growing delay, to the database's address
 * then (`address`), and tells subscribers to refetch.
 */
export function startEventListener(
  address: () => string,
  log: Log,
  opts: { retryMs?: { first: number; max: number } } = {},
): EventListener {
  const retry = opts.retryMs ?? { first: 100, max: 5_000 };
  const subscribers = new Set<{ event(event: BusEvent): void; resumed(): void }>();
  let client: pg.Client | null = null;
  let stopped = false;
  let connectedOnce = false;
  let delay = retry.first;
  let timer: NodeJS.Timeout | null = null;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  // Markers this instance sent and waits to see come back; a lost connection releases them all.
  const markerPrefix = `sync:${process.pid}:${Math.random().toString(36).slice(2)}:`;
  let markerCount = 0;
  const waiting = new Map<string, () => void>();
  let unsent: { marker: string; done: Array<() => void> } | null = null;
  let sending = Promise.resolve();
  const releaseAll = () => {
    for (const release of [...waiting.values()]) release();
    waiting.clear();
  };

  const scheduleReconnect = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, delay);
    delay = Math.min(delay * 2, retry.max);
  };

  async function connect() {
    const next = new pg.Client({
      connectionString: address(),
      application_name: 'fenestra-events',
      connectionTimeoutMillis: 5_000,
    });
    let lost = false;
    const onLost = (err?: Error) => {
      if (lost) return;
      lost = true;
      if (client === next) client = null;
      next.removeAllListeners('notification');
      releaseAll();
      void next.end().catch(() => {});
      if (!stopped) {
        log.warn({ err }, 'event listener lost its database connection; reconnecting');
        scheduleReconnect();
      }
    };
    next.on('error', onLost);
    next.on('end', () => onLost());
    next.on('notification', (message) => {
      if (message.channel !== EVENTS_CHANNEL) return;
      if (message.payload?.startsWith('sync:')) {
        waiting.get(message.payload)?.();
        return;
      }
      const event = parseBusEvent(message.payload);
      if (event) for (const s of subscribers) s.event(event);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${EVENTS_CHANNEL}`);
    } catch (err) {
      onLost(err as Error);
      return;
    }
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    delay = retry.first;
    if (connectedOnce) {
      log.info({}, 'event listener reconnected');
      for (const s of subscribers) s.resumed();
    }
    connectedOnce = true;
    markReady();
  }

  void connect();

  return {
    ready,
    listening: () => client !== null,
    sync(timeoutMs = 2_000) {
      const current = client;
      if (!current) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          resolve();
        };
        // Callers until the next marker is sent share it; markers go one at a time (one connection).
        if (unsent) {
          unsent.done.push(done);
          return;
        }
        const batch = { marker: markerPrefix + ++markerCount, done: [done] };
        unsent = batch;
        const release = () => {
          waiting.delete(batch.marker);
          for (const d of batch.done) d();
        };
        sending = sending
          .then(async () => {
            if (unsent === batch) unsent = null;
            waiting.set(batch.marker, release);
            await current.query('SELECT pg_notify($1, $2)', [EVENTS_CHANNEL, batch.marker]);
          })
          .catch(release);
      });
    },
    subscribe(handlers) {
      subscribers.add(handlers);
      return () => subscribers.delete(handlers);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      releaseAll();
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
