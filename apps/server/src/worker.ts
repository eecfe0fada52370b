import { loadConfig } from './config/env.js';
import { openDatabase } from './db/open.js';
import { createJobQueue } from './jobs/queue.js';
import { jobHandlers } from './jobs/handlers.js';
import { listenForSimilarDue } from './jobs/similar-wakeup.js';
import { createMailer } from './adapters/mail/mailer.js';
import { openStorage } from './adapters/storage/open.js';
import { mediaAddress } from './adapters/storage/storage.js';
import pino from 'pino';
import { authSecret } from './lib/secret.js';
import { systemLinkFetcher } from './adapters/link-preview/link-fetcher.js';
import { createAiProvider } from './adapters/ai/index.js';

// A job worker on its own (npm run worker), for when the API runs with RUN_WORKER=false.
async function main() {
  const config = loadConfig();
  const log = pino({ level: config.logLevel });
  const database = await openDatabase(config, { info: (m) => log.info(m), warn: (m) => log.warn(m) });
  const mailer = createMailer(config, log);
  const ai = createAiProvider(config.ai);
  const jobs = await createJobQueue(database.extraPool({ max: 4, applicationName: 'fenestra-jobs' }), jobHandlers({
    mailer, db: database.db, storage: await openStorage(config), media: mediaAddress(config.mediaUrl), linkFetcher: systemLinkFetcher(config.linkPreviewAllow),
    publicUrl: config.publicUrl, secret: authSecret(config.authSecret, config.dataDir), now: () => new Date(),
    ai, similarVectors: config.ai.similarVectors,
  }), log, { works: true, providerTimeoutSeconds: config.ai.timeoutSeconds });
  await jobs.startWorkers();
  const similarWakeup = await listenForSimilarDue(() => database.url, jobs, log);
  log.info('Fenestra worker is running');
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.removeAllListeners(signal);
  const stop = async () => {
    await similarWakeup.stop();
    await jobs.stop();
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
