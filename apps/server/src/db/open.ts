import type pg from 'pg';
import type { Config } from '../config/env.js';
import { connect, type Database } from './client.js';
import { startEmbedded, type EmbeddedCluster } from './embedded.js';
import { runMigrations, type BeforeMigrating } from './migrate.js';

export interface OpenedDatabase extends Database {
  embedded: EmbeddedCluster | null;
  /** The server's address now: a server restarted by another process may come back on another port. */
  readonly url: string;
  /** One more pool on this server (the job queue's), following it to a new port as the main pool does; closed with it. */
  extraPool(opts: { max: number; applicationName: string }): pg.Pool;
}

interface Log {
  info(msg: string): void;
  warn(msg: string): void;
}

/**
 * Connects to DATABASE_URL, or starts/joins the embedded server, then migrates; `beforeMigrating` runs first when
 * migrations are pending on a database with data (the server's backup before an upgrade).
 */
export async function openDatabase(
  config: Config,
  log: Log,
  opts: { migrate?: boolean; beforeMigrating?: (url: string) => BeforeMigrating } = {},
): Promise<OpenedDatabase> {
  const embedded = config.databaseUrl ? null : await startEmbedded(config.dataDir, log);
  const currentUrl = () => embedded?.url ?? config.databaseUrl!;
  // A server restarted by another process may come back on another port: every pool's new connections go there
  // (dedicated connections, such as LISTEN's, read `url` when they reconnect).
  const database = connect(currentUrl);
  const extra: Database[] = [];
  if (opts.migrate ?? true)
    await runMigrations(database.pool, { beforeMigrating: opts.beforeMigrating?.(currentUrl()) });
  return {
    db: database.db,
    pool: database.pool,
    get url() {
      return currentUrl();
    },
    embedded,
    extraPool(poolOpts) {
      const more = connect(currentUrl, poolOpts);
      extra.push(more);
      return more.pool;
    },
    close: async () => {
      for (const more of extra) await more.close();
      await database.close();
      await embedded?.stop();
    },
  };
}
