import type { FastifyBaseLogger } from 'fastify';
import { EMAIL_TEXT } from '@fenestra/shared';
import type { Config } from '../config/env.js';
import { openDatabase } from '../db/open.js';
import { backupBeforeUpgrade } from '../ops/upgrade-backup.js';
import { createJobRuntime } from '../jobs/runtime.js';
import { createMailer } from '../adapters/mail/mailer.js';
import { mediaAddress } from '../adapters/storage/storage.js';
import { openStorage } from '../adapters/storage/open.js';
import { systemLinkFetcher } from '../adapters/link-preview/link-fetcher.js';
import { createAiProvider } from '../adapters/ai/index.js';
import { systemPushSender } from '../adapters/push/system-push-sender.js';
import { authSecret } from '../lib/secret.js';
import { workGate } from '../lib/work-gate.js';
import type { Replay } from '../cache/replay.js';
import { createAuth } from '../modules/account/auth.js';
import { createProfileForEmail } from '../modules/account/profile-repo.js';
import { readSiteSettings, siteSettingsService } from '../modules/site-settings/service.js';
import { startRealtime } from './realtime.js';
import { previewKeeper } from '../modules/posts/service.js';
import type { AppAdapters, OpenedServices } from './app-services.js';

/** Opens the database, storage, mail, AI and the job queue, and starts the event listener and the caches. */
export async function openServices(
  config: Config,
  adapters: AppAdapters,
  replay: Replay,
  log: FastifyBaseLogger,
): Promise<OpenedServices> {
  const now = adapters.now ?? (() => new Date());
  const database = await openDatabase(config, log, { beforeMigrating: backupBeforeUpgrade(config, log) });
  const mailer = createMailer(
    config,
    log,
    async () => (await readSiteSettings(database.db, config.siteSettingsFromEnv)).siteName,
  );
  const storage = await openStorage(config);
  const media = mediaAddress(config.mediaUrl);
  const secret = authSecret(config.authSecret, config.dataDir);
  const linkFetcher = adapters.linkFetcher ?? systemLinkFetcher(config.linkPreviewAllow);
  const ai = adapters.ai ?? createAiProvider(config.ai);
  const pushSender = adapters.pushSender ?? systemPushSender(config);
  const jobRuntime = await createJobRuntime(
    config,
    database,
    { mailer, storage, media, linkFetcher, ai, pushSender, secret, now },
    log,
    { works: config.runWorker },
  );
  const { jobs, detection } = jobRuntime;

  // Two hashes at a time (scrypt takes 32 MB and a thread each), a short queue, 503 past it.
  const hashing = workGate({ concurrency: 2, queue: 32 });
  const auth = createAuth({
    config,
    db: database.db,
    secret,
    hashing,
    onOAuthUser: (user) => createProfileForEmail(database.db, user.id, user.email),
    sendConfirmation: async (to, url) => {
      const site = (await settings.settled()).siteName;
      await jobs.send('send-email', {
        to,
        subject: EMAIL_TEXT.confirmEmail.subject(site),
        text: EMAIL_TEXT.confirmEmail.text(url, site),
      });
    },
  });
  const settings = siteSettingsService({ db: database.db, config, storage, media, log });
  const { stopCaches, ...realtime } = await startRealtime({
    database,
    searchCache: config.searchCache,
    now,
    adapters,
    log,
    followFirst: (listener) => settings.follow(listener),
  });
  await settings.load();
  const previews = previewKeeper(database.db, (err) => log.warn(`Card previews not kept: ${String(err)}`));
  return {
    services: {
      config,
      database,
      jobs,
      mailer,
      auth,
      storage,
      media,
      hashing,
      linkFetcher,
      pushSender,
      ...realtime,
      replay,
      now,
      ai,
      detection,
      settings,
      previews,
    },
    secret,
    jobRuntime,
    stopCaches,
  };
}
