import path from 'node:path';
import { loadConfig } from '../config/env.js';
import { openDatabase } from '../db/open.js';
import { restoreBackup } from '../ops/backup.js';

// npm run restore -- FILE: stop the server first; the database and uploads become the backup's.
async function main() {
  const file = process.argv[2];
  if (!file) throw new Error('Usage: npm run restore -- path/to/fenestra-backup.tar');
  const config = loadConfig();
  const log = { info: (m: string) => console.log(m), warn: (m: string) => console.warn(m) };
  const database = await openDatabase(config, log, { migrate: false });
  try {
    if (database.embedded && !database.embedded.owned) {
      throw new Error('The Fenestra server is running on this data folder. Stop it, then restore.');
    }
    await database.pool.end();
    await restoreBackup({
      databaseUrl: database.url,
      uploadsDir: path.join(config.dataDir, 'uploads'),
      file: path.resolve(file),
    });
    console.log(`Restored ${file}. Start the server with npm start.`);
  } finally {
    await database.embedded?.stop();
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
