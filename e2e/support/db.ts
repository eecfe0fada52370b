import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { E2E_DATA_DIR } from './env';

let pool: pg.Pool | null = null;

/** A connection to the browser suite server's embedded database, for set-up the UI cannot do quickly. */
export function e2eDb(): pg.Pool {
  if (pool) return pool;
  const pointer = path.join(E2E_DATA_DIR, 'pg-location.txt');
  const cluster = existsSync(pointer) ? readFileSync(pointer, 'utf8').trim() : path.join(E2E_DATA_DIR, 'pg');
  const port = Number(readFileSync(path.join(cluster, 'postmaster.pid'), 'utf8').split('\n')[3]);
  const password = readFileSync(path.join(E2E_DATA_DIR, '.pg-password'), 'utf8').trim();
  pool = new pg.Pool({ host: '127.0.0.1', port, user: 'postgres', password, database: 'fenestra', max: 2 });
  return pool;
}
