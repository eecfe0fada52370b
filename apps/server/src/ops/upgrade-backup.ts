import path from 'node:path';
import type { Config } from '../config/env.js';
import type { BeforeMigrating } from '../db/migrate.js';
import { createBackup } from './backup.js';
import { runningVersion } from '../config/version.js';

/** The file an upgrade's backup is written to: named after the schema it leaves, the one it reaches and the release. */
export function upgradeBackupFile(dataDir: string, from: string | null, to: string, at: Date): string {
  const stamp = at.toISOString().replace(/[:.]/g, '-');
  const name = `fenestra-before-upgrade-${from ?? 'none'}-to-${to}-v${runningVersion().version}-${stamp}.tar`;
  return path.join(dataDir, 'backups', name);
}

/**
 * Before migrations run on a forum that has data, a backup (decision 004's: the database and the local uploads)
 * goes to DATA_DIR/backups. If it cannot be taken, the server does not start: nothing is migrated unbacked.
 */
export function backupBeforeUpgrade(
  config: Pick<Config, 'dataDir'>,
  log: { info(msg: string): void },
  now: () => Date = () => new Date(),
): (databaseUrl: string) => BeforeMigrating {
  return (databaseUrl) => async (status) => {
    const outFile = upgradeBackupFile(config.dataDir, status.current, status.latest, now());
    log.info(`Migrations pending (${status.pending.join(', ')}): backing up to ${outFile} first`);
    try {
      await createBackup({ databaseUrl, uploadsDir: path.join(config.dataDir, 'uploads'), outFile });
    } catch (err) {
      throw new Error(
        `The backup before upgrading failed, so nothing was migrated: ${err instanceof Error ? err.message : String(err)}`,
        { cause: err },
      );
    }
    log.info(`Backup written to ${outFile}`);
  };
}
