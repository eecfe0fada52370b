import { loadConfig } from './config/env.js';
import { openDatabase } from './db/open.js';
import { backupBeforeUpgrade } from './ops/upgrade-backup.js';
import { createJobRuntime } from './jobs/runtime.js';
import { createMailer } from './adapters/mail/mailer.js';
import { openStorage } from './adapters/storage/open.js';
import { mediaAddress } from './adapters/storage/storage.js';
import pino from 'pino';
import { authSecret } from './lib/secret.js';
import { systemLinkFetcher } from './adapters/link-preview/link-fetcher.js';
import { createAiProvider } from './adapters/ai/index.js';
import { systemPushSender } from './adapters/push/system-push-sender.js';
import { readSiteSettings } from './modules/site-settings/service.js';

// A job worker on its own (npm run worker), for when the API runs with RUN_WORKER=false.
async function main() {
  const config = loadConfig();
  const log = pino({ level: config.logLevel });
  const dbLog = { info: (m: string) => log.info(m), warn: (m: string) => log.warn(m) };
  const database = await openDatabase(config, dbLog, { beforeMigrating: backupBeforeUpgrade(config, dbLog) });
  const ai = createAiProvider(config.ai);
  const runtime = await createJobRuntime(
    config,
    database,
    {
      mailer: createMailer(
        config,
        log,
        async () => (await readSiteSettings(database.db, config.siteSettingsFromEnv)).siteName,
      ),
      storage: await openStorage(config),
      media: mediaAddress(config.mediaUrl),
      linkFetcher: systemLinkFetcher(config.linkPreviewAllow),
      ai,
      pushSender: systemPushSender(config),
      secret: authSecret(config.authSecret, config.dataDir),
      now: () => new Date(),
    },
    log,
    { works: true },
  );
  log.info('Fenestra worker is running');
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.removeAllListeners(signal);
  const stop = async () => {
    await runtime.stop();
    await ai.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  // Run by npm run worker (scripts/start.mjs, over an IPC channel): when that process is gone, so is the worker.
  process.on('disconnect', () => void stop());
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
