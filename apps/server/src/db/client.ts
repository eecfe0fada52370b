import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as schema from './schema/index.js';
import { retryLostRaces } from './retry.js';

export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  pool: pg.Pool;
  url: string;
  close(): Promise<void>;
}

/**
 * A pool on `url`. Given a function, each new connection asks it for the server's address then (an embedded
 * server restarted by another process may come back on another port): through the pool's public `Client` option.
 */
export function connect(url: string | (() => string), opts: { max?: number; applicationName?: string } = {}): Database {
  const address = typeof url === 'string' ? () => url : url;
  class FollowingClient extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      super({ ...config, connectionString: address() });
    }
  }
  const pool = new pg.Pool({
    Client: FollowingClient,
    connectionString: address(),
    max: opts.max ?? 20,
    connectionTimeoutMillis: 5_000,
    application_name: opts.applicationName,
  });
  // A client losing its server must not crash the process, idle or checked out (a transaction between
  // two queries): the query in flight fails, the pool drops the client, and the next query reconnects.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzle(pool, { schema, casing: 'snake_case' });
  // Every transaction that loses a race (deadlock, serialization failure) is run again, not answered with a 500.
  const transaction = db.transaction.bind(db);
  db.transaction = ((run, config) => retryLostRaces(() => transaction(run, config))) as Db['transaction'];
  return {
    db,
    pool,
    get url() {
      return address();
    },
    close: () => pool.end(),
  };
}

/**
 * A hot query as a named prepared statement: PostgreSQL parses and plans it once per connection, and the
 * SQL text is written once, not rebuilt by the query builder on every request. Runs on the pool.
 */
export function preparedQuery<Row extends object>(name: string, text: string) {
  return async (db: Db, values: unknown[]): Promise<Row[]> => {
    const pool = (db as unknown as { $client: pg.Pool }).$client;
    const result = await pool.query<Row>({ name, text, values });
    return result.rows;
  };
}
