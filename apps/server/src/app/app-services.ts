import type { Config } from '../config/env.js';
import type { OpenedDatabase } from '../db/open.js';
import type { JobQueue } from '../lib/jobs.js';
import type { JobRuntime } from '../jobs/runtime.js';
import type { Mailer } from '../adapters/mail/mailer.js';
import type { MediaAddress, Storage } from '../adapters/storage/storage.js';
import type { LinkFetcher } from '../adapters/link-preview/link-fetcher.js';
import type { AiProvider } from '../adapters/ai/index.js';
import type { PushSender } from '../adapters/push/push-sender.js';
import type { WorkGate } from '../lib/work-gate.js';
import type { EventListener } from '../realtime/listener.js';
import type { StreamHub } from '../realtime/streams.js';
import type { RecentEvents } from '../realtime/recent-events.js';
import type { PublicCache } from '../cache/public-cache.js';
import type { PageStore } from '../cache/page-store.js';
import type { Replay } from '../cache/replay.js';
import type { Auth } from '../modules/account/auth.js';
import type { DetectionService } from '../modules/detection/service.js';
import type { SiteSettingsService } from '../modules/site-settings/service.js';
import type { PreviewKeeper } from '../modules/posts/service.js';

// What buildApp's steps hand each other (app.services is AppServices).

export interface AppServices {
  config: Config;
  database: OpenedDatabase;
  jobs: JobQueue;
  mailer: Mailer;
  auth: Auth;
  storage: Storage;
  /** Where browsers fetch a stored file: MEDIA_URL's address for it, or this app's /media path. */
  media: MediaAddress;
  /** Every event from every instance (the public-read cache listens here too), and this instance's open streams. */
  events: { listener: EventListener; hub: StreamHub; recent: RecentEvents };
  /** Public reads (lists, posts, profiles, their pages), shared by every visitor; the events drop what changed. */
  publicCache: PublicCache;
  /** Search answers (decision 022); null with SEARCH_CACHE=false. */
  searchCache: PublicCache | null;
  /** Server-drawn pages kept in PostgreSQL for every instance (decision 039). */
  pageStore: PageStore;
  /** Remembered cached answers, replayed in front of Fastify (decision 021). */
  replay: Replay;
  /** The clock of the stat cards, ban ends and the email job (tests fix it). */
  now: () => Date;
  linkFetcher: LinkFetcher;
  /** Web Push (VAPID keys from the environment or DATA_DIR), through the link-preview guard's rules. */
  pushSender: PushSender;
  /** Password hashing and checking, bounded. */
  hashing: WorkGate;
  /** The AI provider (AI_PROVIDER) and what uses it. */
  ai: AiProvider;
  detection: DetectionService;
  /** The site settings in force (defaults, what admins saved, the environment), followed live on every instance. */
  settings: SiteSettingsService;
  /** Where the card previews reads had to make are kept (modules/posts/previews.ts); `written()` waits for them. */
  previews: PreviewKeeper;
}

/** Outside systems a test may replace (the link fetcher with its own resolver and limits), and timings it may shorten. */
export interface AppAdapters {
  linkFetcher?: LinkFetcher;
  /** The push sender (tests give it their own resolver). */
  pushSender?: PushSender;
  /** Heartbeat period of event streams (25 s). */
  heartbeatMs?: number;
  /** The clock: the email job (retries give up after 24 hours), the stat cards' trends and ban ends. */
  now?: () => Date;
  /** How soon the event listener tries again after losing its connection. */
  listenerRetryMs?: { first: number; max: number };
  /** The AI provider, instead of the one AI_PROVIDER names (tests share one loaded local provider). */
  ai?: AiProvider;
  /** Where the log is written instead of stdout (tests read it). */
  logStream?: { write(line: string): void };
}

/** What the app's plugins and routes are built from, and what it stops as it closes. */
export interface OpenedServices {
  services: AppServices;
  /** Signs sessions, unsubscribe links and event-stream tokens. */
  secret: string;
  /** The job queue and its handlers' services; stopped as the app closes. */
  jobRuntime: JobRuntime;
  /** The public-read caches stop following the events. */
  stopCaches(): void;
}
