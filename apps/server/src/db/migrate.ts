import { readFileSync } from 'node:fs';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { migrationsFolder } from '../paths.js';

const MIGRATION_LOCK = 727274;

/** A migration of this build, and whether the database has it. */
export interface MigrationState {
  tag: string;
  applied: boolean;
}

export interface MigrationStatus {
  migrations: MigrationState[];
  /** The newest applied migration's tag (null: none yet). */
  current: string | null;
  /** The newest migration of this build. */
  latest: string;
  pending: string[];
  /** Whether the forum already holds members or posts (an upgrade, not a first start). */
  hasData: boolean;
}

/** Called under the migration lock with what is about to be applied (only when something is). */
export type BeforeMigrating = (status: MigrationStatus) => Promise<void>;

function journal(): { tag: string; when: number }[] {
  const file = path.join(migrationsFolder, 'meta', '_journal.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { entries: { tag: string; when: number }[] }).entries;
}

/** Which of this build's migrations the database has: drizzle applies those newer than its newest row. */
export async function migrationStatus(client: pg.Pool | pg.PoolClient): Promise<MigrationStatus> {
  const { rows: tables } = await client.query<{ migrations: string | null; users: string | null }>(
    "SELECT to_regclass('drizzle.__drizzle_migrations')::text AS migrations, to_regclass('public.users')::text AS users",
  );
  let last = -1;
  if (tables[0]?.migrations) {
    const { rows } = await client.query<{ at: string | null }>(
      'SELECT max(created_at)::text AS at FROM drizzle.__drizzle_migrations',
    );
    last = rows[0]?.at ? Number(rows[0].at) : -1;
  }
  let hasData = false;
  if (tables[0]?.users) {
    const { rows } = await client.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM users) AS any');
    hasData = rows[0]?.any ?? false;
  }
  const migrations = journal().map((m) => ({ tag: m.tag, applied: m.when <= last }));
  const applied = migrations.filter((m) => m.applied);
  return {
    migrations,
    current: applied.at(-1)?.tag ?? null,
    latest: migrations.at(-1)!.tag,
    pending: migrations.filter((m) => !m.applied).map((m) => m.tag),
    hasData,
  };
}

/**
 * Applies the committed migrations; instances starting together take turns on an advisory lock. With migrations
 * pending on a database that holds data, `beforeMigrating` runs first (the server takes a backup there).
 */
export async function runMigrations(pool: pg.Pool, opts: { beforeMigrating?: BeforeMigrating } = {}): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const status = await migrationStatus(client);
    if (status.pending.length === 0) return;
    if (status.hasData && opts.beforeMigrating) await opts.beforeMigrating(status);
    await migrate(drizzle(client), { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
}
