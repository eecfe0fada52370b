import type { FastifyBaseLogger } from 'fastify';
import { HEARTBEAT_MS, isStaffRole } from '@fenestra/shared';
import type { OpenedDatabase } from '../db/open.js';
import { findMember } from '../lib/member.js';
import { activeBan } from '../lib/ban.js';
import { createPublicCache } from '../cache/public-cache.js';
import { createPageStore } from '../cache/page-store.js';
import { startEventListener, type EventListener } from '../realtime/listener.js';
import { streamHub } from '../realtime/streams.js';
import { recentEvents } from '../realtime/recent-events.js';
import { visiblePostIds } from '../modules/posts/repo.js';
import type { AppAdapters, AppServices } from './app-services.js';

/**
 * The events of every instance and what listens to them, in the order they must hear an event: the public-read
 * caches, the ring of recent events, then this instance's streams. Resolves once the listener is connected, or
 * after 5 s: a listener that cannot connect yet keeps trying without holding up the start.
 */
export async function startRealtime(deps: {
  database: OpenedDatabase;
  searchCache: boolean;
  now: () => Date;
  adapters: AppAdapters;
  log: FastifyBaseLogger;
  /** Subscribed first of all (the site settings): what it reads is in place before a client hears the event. */
  followFirst?: (listener: EventListener) => void;
}): Promise<Pick<AppServices, 'events' | 'publicCache' | 'searchCache' | 'pageStore'> & { stopCaches(): void }> {
  const { database, now, adapters, log } = deps;
  const listener = startEventListener(() => database.url, log, { retryMs: adapters.listenerRetryMs });
  deps.followFirst?.(listener);
  // Subscribed before the streams: a browser told of a change refetches after the cache has dropped it.
  const publicCache = createPublicCache(listener);
  // Search answers apart (decision 022): a crawler's many searches cannot push the home lists out.
  const searchCache = deps.searchCache ? createPublicCache(listener, { maxBytes: 16 * 2 ** 20 }) : null;
  // Pages kept in the database (decision 039), dropped by the same events on every instance.
  const pageStore = createPageStore(database.pool, listener, {
    onError: (err) => log.warn({ err }, 'the stored pages could not be read or changed'),
  });
  // Subscribed before the streams too: an event is in the ring before any stream's set can miss it.
  const recent = recentEvents(() => now().getTime());
  listener.subscribe({ event: (event) => recent.add(event), resumed: () => recent.listening() });
  void listener.ready.then(() => recent.listening());
  const hub = streamHub({
    recent,
    heartbeatMs: adapters.heartbeatMs ?? HEARTBEAT_MS,
    visiblePosts: (viewer, postIds) =>
      visiblePostIds(database.db, viewer ? { id: viewer.memberId, isStaff: viewer.isStaff } : null, postIds),
    reloadViewer: async (memberId) => {
      const member = await findMember(database.db, memberId);
      return member ? { isStaff: isStaffRole(member.role), active: !(await activeBan(database.db, member)) } : null;
    },
  });
  // In arrival order: a role change re-reads the member before the events after it are judged.
  let delivering = Promise.resolve();
  listener.subscribe({
    event: (event) => {
      delivering = delivering
        .then(() => hub.deliver(event))
        .catch((err: unknown) => log.error({ err }, 'event delivery failed'));
    },
    resumed: () => hub.refetchAll(),
  });
  let waited: NodeJS.Timeout | undefined;
  await Promise.race([
    listener.ready,
    new Promise((resolve) => {
      waited = setTimeout(resolve, 5_000);
    }),
  ]);
  clearTimeout(waited);
  return {
    events: { listener, hub, recent },
    publicCache,
    searchCache,
    pageStore,
    stopCaches: () => {
      publicCache.stop();
      pageStore.stop();
      searchCache?.stop();
    },
  };
}
