import type { TestProject } from 'vitest/node';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { buildServerIfNeeded } from '../../../scripts/build-server.mjs';
import { removeDataDir, startEmbedded, type EmbeddedCluster } from '../src/db/embedded.js';
import { runMigrations } from '../src/db/migrate.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A connection URL to the test server's maintenance database (any database name can be swapped in). */
    testServerUrl: string;
    /** A migrated database (with the job queue's schema) that each test file clones. */
    templateDatabase: string;
  }
}

// One PostgreSQL server per run: the embedded one, or TEST_DATABASE_URL's (CI's).
export default async function setup(project: TestProject) {
  // The push tests' https push service has a certificate from the tests' own authority; test files run in processes
  // started after this, which read it at start (TLS is checked as in production, with this one authority added).
  process.env.NODE_EXTRA_CA_CERTS = fileURLToPath(new URL('./fixtures/push-tls/ca.pem', import.meta.url));
  // The process tests (shutdown, embedded-server) run the compiled server as `npm start` does: built once here, when
  // a source changed, rather than by two test files at once.
  await buildServerIfNeeded();
  let embedded: EmbeddedCluster | null = null;
  let dataDir: string | null = null;
  let serverUrl: string;
  if (process.env.TEST_DATABASE_URL) {
    serverUrl = process.env.TEST_DATABASE_URL;
  } else {
    dataDir = mkdtempSync(path.join(tmpdir(), 'fenestra-test-'));
    const quiet = { info() {}, warn() {} };
    embedded = await startEmbedded(dataDir, quiet, { join: false });
    serverUrl = embedded.url;
  }
  const template = `fenestra_tpl_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await dropLeftovers(admin);
  await admin.query(`CREATE DATABASE ${template}`);
  const templateUrl = withDatabase(serverUrl, template);
  const pool = new pg.Pool({ connectionString: templateUrl, max: 2 });
  await runMigrations(pool);
  // The job queue's own schema, made once here rather than by every test app.
  await pool.query(PgBoss.getConstructionPlans('pgboss'));
  await pool.end();

  project.provide('testServerUrl', serverUrl);
  project.provide('templateDatabase', template);

  return async () => {
    const left = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [
      `fenestra_t%_${process.pid}_%`,
    ]);
    // Together, not one after another: PostgreSQL 15 makes each DROP DATABASE wait for a checkpoint, which drops
    // asked for at once share (a run leaves a hundred databases or so; 8 drops took 16.8 s one after another and 1.7 s
    // together at a load of 27: decision 041).
    const dropping = new pg.Pool({ connectionString: serverUrl, max: 10 });
    try {
      await Promise.all(
        left.rows.map(({ datname }) => dropping.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`)),
      );
    } finally {
      await dropping.end();
    }
    await admin.end();
    await embedded?.stop();
    if (dataDir) removeDataDir(dataDir);
  };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Databases left by an earlier run that was killed (its process is gone) would pile up on a shared server. */
async function dropLeftovers(admin: pg.Client) {
  const { rows } = await admin.query<{ datname: string }>(
    `SELECT datname FROM pg_database WHERE datname LIKE 'fenestra\\_t%'`,
  );
  for (const { datname } of rows) {
    const pid = Number(/^fenestra_t(?:pl|up|\d+)_(\d+)_/.exec(datname)?.[1]);
    if (pid && !alive(pid)) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`).catch(() => {});
  }
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
