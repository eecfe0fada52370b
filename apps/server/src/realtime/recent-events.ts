import { randomBytes } from 'node:crypto';
import type { BusEvent } from './bus-event.js';

/** How long and how many events an instance keeps (a page's data is read a second or two before its stream opens). */
export const RECENT_EVENTS_MS = 3 * 60_000;
const RECENT_EVENTS_MAX = 5_000;
/**
 * A page's `since` comes from the clock of the instance that drew it, the events' times from the clock of the one
 * holding the stream: instances' clocks (NTP) and when each hears an event on LISTEN differ by well under this much.
 * When the instance holding the stream drew the page, no margin is needed: it read the page's data (from the
 * database, or from its cache, which drops an entry in the same step as it records the event) after the events
 * it heard before `since`.
 */
export const CLOCK_SKEW_MS = 2_000;

/**
 * The events this instance heard from the bus in the last few minutes with the time it heard them (its own
 * clock), so a stream opened for a page drawn at `since` can tell whether anything happened in between.
 */
export function recentEvents(now: () => number, { keepMs = RECENT_EVENTS_MS, max = RECENT_EVENTS_MAX } = {}) {
  const instance = randomBytes(4).toString('hex');
  let events: { at: number; event: BusEvent }[] = [];
  // From when the ring holds every event: when the feed was (last) in place, or the last event dropped.
  let complete = Infinity;

  const trim = (at: number) => {
    let drop = 0;
    while (drop < events.length && (events.length - drop > max || events[drop]!.at < at - keepMs)) drop += 1;
    if (drop === 0) return;
    complete = Math.max(complete, events[drop - 1]!.at);
    events = events.slice(drop);
  };

  return {
    /** What a page drawn now carries as its `since`: this clock's time, and this instance. */
    stamp: () => `${now()}.${instance}`,
    add(event: BusEvent) {
      if (event.type === 'stream.watch') return;
      const at = now();
      events.push({ at, event });
      if (events.length > max || events[0]!.at < at - keepMs) trim(at);
    },
    /** The feed is in place from now on (the first time, or back after a loss): what came before may be missing. */
    listening() {
      events = [];
      complete = now();
    },
    /**
     * The events heard after `since` (a `stamp`; less the clock skew when another instance made it), or null when the
     * ring does not reach back that far (the caller then refetches everything).
     */
    since(since: string): BusEvent[] | null {
      trim(now());
      const [at = '', by] = since.split('.');
      const from = Number(at) - (by === instance ? 0 : CLOCK_SKEW_MS);
      if (from < complete) return null;
      return events.filter((e) => e.at >= from).map((e) => e.event);
    },
  };
}
export type RecentEvents = ReturnType<typeof recentEvents>;
