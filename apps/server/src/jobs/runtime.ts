import type { Config } from '../config/env.js';
import type { OpenedDatabase } from '../db/open.js';
import type { JobQueue } from '../lib/jobs.js';
import type { Mailer } from '../adapters/mail/mailer.js';
import type { MediaAddress, Storage } from '../adapters/storage/storage.js';
import type { LinkFetcher } from '../adapters/link-preview/link-fetcher.js';
import type { AiProvider } from '../adapters/ai/index.js';
import type { PushSender } from '../adapters/push/push-sender.js';
import { detectionService, type DetectionService } from '../modules/detection/service.js';
import { uploadsService } from '../modules/uploads/service.js';
import { linkPreviewsService } from '../modules/link-previews/service.js';
import { createJobQueue } from './queue.js';
import { jobHandlers } from './handlers.js';
import { listenForSimilarDue } from './similar-wakeup.js';
import { readSiteSettings } from '../modules/site-settings/service.js';

/** The outside systems the jobs' services are built from (the app's, or the lone worker's). */
export interface JobAdapters {
  mailer: Mailer;
  storage: Storage;
  media: MediaAddress;
  linkFetcher: LinkFetcher;
  ai: AiProvider;
  /** Web Push, through the link-preview guard's rules. */
  pushSender: PushSender;
  secret: string;
  now: () => Date;
}

export interface JobRuntime {
  jobs: JobQueue;
  /** The detection service the handlers use; the app's routes use the same one. */
  detection: DetectionService;
  /** Stops the similar-posts wake-up, then the queue (waiting for the jobs in hand). */
  stop(): Promise<void>;
}

interface Log {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * The job queue with the services its handlers use, built once for app.ts and worker.ts alike. `works`: this
 * process runs the jobs too (its workers start now, with the similar-posts wake-up); else it only sends them.
 */
export async function createJobRuntime(
  config: Config,
  database: OpenedDatabase,
  adapters: JobAdapters,
  log: Log,
  opts: { works: boolean },
): Promise<JobRuntime> {
  const { db } = database;
  const { storage, media, ai, now } = adapters;
  const detection = detectionService({ db, storage, ai, now });
  const handlers = jobHandlers({
    db,
    mailer: adapters.mailer,
    publicUrl: config.publicUrl,
    secret: adapters.secret,
    now,
    ai,
    similarVectors: config.ai.similarVectors,
    detection,
    uploads: uploadsService({ db, storage, media }),
    linkPreviews: linkPreviewsService({ db, storage, fetcher: adapters.linkFetcher, media }),
    pushSender: adapters.pushSender,
    log,
    siteSettings: () => readSiteSettings(db, config.siteSettingsFromEnv),
  });
  const pool = database.extraPool({ max: 4, applicationName: opts.works ? 'fenestra-jobs' : 'fenestra-jobs-send' });
  const jobs = await createJobQueue(pool, handlers, log, {
    works: opts.works,
    providerTimeoutSeconds: config.ai.timeoutSeconds,
  });
  let similarWakeup: { stop(): Promise<void> } | null = null;
  if (opts.works) {
    await jobs.startWorkers();
    // Trust levels at once after a start (an upgraded forum's members would otherwise wait for the hourly run).
    await jobs.send('refresh-trust-levels', {});
    similarWakeup = await listenForSimilarDue(() => database.url, jobs, log);
  }
  return {
    jobs,
    detection,
    async stop() {
      await similarWakeup?.stop();
      await jobs.stop();
    },
  };
}
