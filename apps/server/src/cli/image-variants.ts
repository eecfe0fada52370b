import { loadConfig } from '../config/env.js';
import { openDatabase } from '../db/open.js';
import { openStorage } from '../adapters/storage/open.js';
import { makeMissingVariants } from '../ops/image-variants.js';

// npm run media:variants: gives photos stored before WebP copies were made their copies and size (docs/decisions/016).
// Safe while the forum runs and safe to run again: photos that have their copies are skipped.
async function main() {
  const config = loadConfig();
  const log = { info: (m: string) => console.log(m), warn: (m: string) => console.warn(m) };
  const database = await openDatabase(config, log);
  try {
    const result = await makeMissingVariants(database.db, await openStorage(config), (m) => console.log(m));
    console.log(
      `Made the copies of ${result.made} photo${result.made === 1 ? '' : 's'}; ${result.missing} could not be read.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
