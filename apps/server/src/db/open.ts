import type { Config } from '../config/env.js';
import { connect, type Database } from './client.js';
import { startEmbedded, type EmbeddedCluster } from './embedded.js';
import { runMigrations } from './migrate.js';

export interface OpenedDatabase extends Database {
  embedded: EmbeddedCluster | null;
}

interface Log { info(msg: string): void; warn(msg: string): void }

/** Connects to DATABASE_URL, or starts/joins the embedded server, then migrates. */
export async function openDatabase(config: Config, log: Log, opts: { migrate?: boolean } = {}): Promise<OpenedDatabase> {
  const embedded = config.databaseUrl ? null : await startEmbedded(config.dataDir, log);
  const database = connect(config.databaseUrl ?? embedded!.url);
  // A server restarted by another process may come back on another port: new connections go there.
  embedded?.events.on('moved', (url: string) => {
    (database.pool as unknown as { options: { connectionString: string } }).options.connectionString = url;
  });
  if (opts.migrate ?? true) await runMigrations(database.pool);
  return {
    ...database,
    embedded,
    close: async () => {
      await database.close();
      await embedded?.stop();
    },
  };
}
