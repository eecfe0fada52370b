import { describe, it, expect, afterAll } from 'vitest';
import { inject } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { migrationsFolder } from '../src/paths.js';
import { migrationStatus } from '../src/db/migrate.js';
import { createTestApp } from './helpers.js';
import { withDatabase } from './global-setup.js';

// Upgrades (issue 30): a database made by the previous release's migrations, with data in it, is backed up before
// the new migrations run at start, the backup named after the versions; `npm run migrate -- --status` lists them.

/** The previous release: every migration before the site settings (0025). */
const PREVIOUS_RELEASE = '0024_editing_accepted_helpful';
const root = fileURLToPath(new URL('../../..', import.meta.url));
const work = mkdtempSync(path.join(tmpdir(), 'fenestra-upgrade-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** An empty database of this run (dropped with the others at the end). */
async function emptyDatabase(): Promise<string> {
  const serverUrl = inject('testServerUrl');
  const runPid = inject('templateDatabase').split('_')[2];
  // fenestra_t…_<pid>_: the name the global teardown drops with the run's other databases (fenestra_up_ was never dropped).
  const name = `fenestra_tup_${runPid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return withDatabase(serverUrl, name);
}

/** The migrations folder as the previous release shipped it: its journal ends at PREVIOUS_RELEASE. */
function previousReleaseMigrations(): string {
  const folder = path.join(work, 'previous-migrations');
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((e) => e.tag === PREVIOUS_RELEASE);
  expect(last).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

async function withPool<T>(url: string, work: (pool: pg.Pool) => Promise<T>): Promise<T> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    return await work(pool);
  } finally {
    await pool.end();
  }
}

const migrateStatus = (databaseUrl: string) =>
  execFileSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/migrate.ts', '--status'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: path.join(work, 'cli-data'), LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });

describe('upgrading a forum made by the previous release', () => {
  it('backs up first, named after the versions, then migrates and keeps every row', async () => {
    const url = await emptyDatabase();
    await withPool(url, async (pool) => {
      await migrate(drizzle(pool), { migrationsFolder: previousReleaseMigrations() });
      await pool.query(
        "INSERT INTO users (id, name, email) VALUES ('old-member', 'old-member', 'old-member@example.com')",
      );
      await pool.query("INSERT INTO profiles (id, username) VALUES ('old-member', 'old-member')");
      await pool.query(
        `INSERT INTO posts (user_id, topic, title, description, status)
         VALUES ('old-member', 'windows', 'Sash lock from the old release', 'It was asked before the upgrade.', 'open')`,
      );
    });

    const status = migrateStatus(url);
    expect(status).toMatch(new RegExp(`applied {2}${PREVIOUS_RELEASE}`));
    expect(status).toMatch(/pending {2}0025_site_settings/);
    expect(status).toMatch(/pending: the next start \(or npm run migrate\) applies them, after a backup\./);

    // The new release starts on it.
    const t = await createTestApp({ DATABASE_URL: url });
    try {
      const backups = readdirSync(path.join(t.config.dataDir, 'backups'));
      expect(backups).toHaveLength(1);
      const latest = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')).entries.at(
        -1,
      ).tag as string;
      const version = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).version as string;
      expect(backups[0]).toMatch(
        new RegExp(
          `^fenestra-before-upgrade-${PREVIOUS_RELEASE}-to-${latest}-v${version.replace(/\./g, '\\.')}-.*\\.tar$`,
        ),
      );
      // One tar file, as npm run backup writes it (decision 004): the database's dump and the local uploads.
      const file = path.join(t.config.dataDir, 'backups', backups[0]!);
      const listing = spawnSync('tar', ['-tf', file], { encoding: 'utf8' }).stdout;
      expect(listing).toContain('database.dump');

      const res = await t.app.inject({ method: 'GET', url: '/api/posts' });
      expect(res.json().posts.map((p: { title: string }) => p.title)).toContain('Sash lock from the old release');
      expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).json().migrations).toBe('current');
    } finally {
      await t.close();
    }
    expect((await withPool(url, migrationStatus)).pending).toEqual([]);
  });

  it('takes no backup on a database with no data yet', async () => {
    const url = await emptyDatabase();
    await withPool(url, (pool) => migrate(drizzle(pool), { migrationsFolder: previousReleaseMigrations() }));
    const t = await createTestApp({ DATABASE_URL: url });
    try {
      mkdirSync(path.join(t.config.dataDir, 'backups'), { recursive: true });
      expect(readdirSync(path.join(t.config.dataDir, 'backups'))).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
