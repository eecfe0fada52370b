import path from 'node:path';
import { loadConfig } from '../config/env.js';
import { openDatabase } from '../db/open.js';
import { createBackup } from '../ops/backup.js';

// npm run backup [-- FILE]: writes DATA_DIR/backups/fenestra-<time>.tar unless a file is named.
async function main() {
  const config = loadConfig();
  const log = { info: (m: string) => console.log(m), warn: (m: string) => console.warn(m) };
  const database = await openDatabase(config, log, { migrate: false });
  try {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const outFile = path.resolve(process.argv[2] ?? path.join(config.dataDir, 'backups', `fenestra-${stamp}.tar`));
    await createBackup({ databaseUrl: database.url, uploadsDir: path.join(config.dataDir, 'uploads'), outFile });
    console.log(`Backup written to ${outFile}`);
  } finally {
    await database.close();
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
