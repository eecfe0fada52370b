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
  db.transaction = ((run, config) => retryLostRaces(() => onOwnConnection(pool, run, config))) as Db['transaction'];
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
 * A transaction on a connection checked out here and given back whatever happens. drizzle-orm 0.45's transaction on a
 * pool sends BEGIN before its try: a BEGIN that fails (the server gone between the checkout and BEGIN) never gave
 * its connection back, and the pool's end() then waited for it for good (test: transaction-connections.test.ts).
 * The session on the connection has no schema: building drizzle's relational config costs ~1 ms, and no
 * transaction uses `tx.query`.
 */
async function onOwnConnection<T>(
  pool: pg.Pool,
  run: Parameters<Db['transaction']>[0],
  config: Parameters<Db['transaction']>[1],
): Promise<T> {
  const client = await pool.connect();
  try {
    const session = drizzle(client, { casing: 'snake_case' }) as unknown as Db;
    return (await session.transaction(run, config)) as T;
  } finally {
    // A connection that broke is not queryable: the pool drops it rather than lending it again.
    client.release();
  }
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
