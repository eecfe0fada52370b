import { sql } from 'drizzle-orm';
import type { Config } from '../../config/env.js';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { demoPasswordFile } from './password-file.js';

interface Log {
  info(msg: string): void;
}

/** Loads demo content into an empty database when SEED=demo (the default). */
export async function seedIfEmpty(
  db: Db,
  config: Config,
  log: Log,
): Promise<{ adminEmail: string; adminPassword: string } | null> {
  if (config.seed !== 'demo') return null;
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  if ((row?.n ?? 0) > 0) return null;
  const { seedDemo } = await import('./demo.js');
  const result = await seedDemo(db, config, log);
  // The password itself is printed once by the caller, never logged.
  log.info(
    `Demo content loaded. The demo admin is ${result.adminEmail}; the password is kept in ${demoPasswordFile(config.dataDir)}`,
  );
  return result;
}
