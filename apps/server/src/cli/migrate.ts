import { loadConfig } from '../config/env.js';
import { openDatabase } from '../db/open.js';
import { migrationStatus, runMigrations } from '../db/migrate.js';
import { backupBeforeUpgrade } from '../ops/upgrade-backup.js';
import { runningVersion } from '../config/version.js';

// npm run migrate: applies pending migrations (after a backup when the forum has data), as the server does at start.
// npm run migrate -- --status: lists the applied and pending migrations and changes nothing.
async function main() {
  const config = loadConfig();
  const log = { info: (m: string) => console.log(m), warn: (m: string) => console.warn(m) };
  const database = await openDatabase(config, log, { migrate: false });
  try {
    if (process.argv.includes('--status')) {
      const status = await migrationStatus(database.pool);
      const { version, build } = runningVersion();
      console.log(`Fenestra ${version} (build ${build})`);
      for (const m of status.migrations) console.log(`${m.applied ? 'applied' : 'pending'}  ${m.tag}`);
      console.log(
        status.pending.length
          ? `${status.pending.length} pending: the next start (or npm run migrate) applies them${status.hasData ? ', after a backup' : ''}.`
          : `Up to date at ${status.current}.`,
      );
      return;
    }
    await runMigrations(database.pool, { beforeMigrating: backupBeforeUpgrade(config, log)(database.url) });
    const status = await migrationStatus(database.pool);
    console.log(`Up to date at ${status.current}.`);
  } finally {
    await database.close();
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
