import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// A backup is one tar file: database.dump (pg_dump custom format) and the uploads folder.

export function findTool(name: 'pg_dump' | 'pg_restore' | 'psql'): string {
  const fromEnv = process.env[name.toUpperCase()];
  if (fromEnv) return fromEnv;
  if (spawnSync(name, ['--version']).status === 0) return name;
  const versions = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a))
    : [];
  for (const v of versions) {
    const candidate = `/usr/lib/postgresql/${v}/bin/${name}`;
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(
    `${name} was not found. Install the PostgreSQL client tools (Debian: apt-get install postgresql-client).`,
  );
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'], env });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(cmd)} failed (${code}): ${stderr.trim()}`)),
    );
  });
}

/**
 * The connection for PostgreSQL's tools: the address without its password, which goes in the child's
 * environment (PGPASSWORD), never on a command line other users can read in the process list.
 */
function connection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (password) env.PGPASSWORD = password;
  return { dbname: url.toString(), env };
}

export async function createBackup(opts: {
  databaseUrl: string;
  uploadsDir: string;
  outFile: string;
}): Promise<string> {
  const work = mkdtempSync(path.join(tmpdir(), 'fenestra-backup-'));
  try {
    const db = connection(opts.databaseUrl);
    await run(
      findTool('pg_dump'),
      [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--file=${path.join(work, 'database.dump')}`,
        `--dbname=${db.dbname}`,
      ],
      db.env,
    );
    mkdirSync(path.join(work, 'uploads'), { recursive: true });
    if (existsSync(opts.uploadsDir)) cpSync(opts.uploadsDir, path.join(work, 'uploads'), { recursive: true });
    // A backup holds password hashes and every member's email: its owner alone may read it, from the first byte.
    mkdirSync(path.dirname(opts.outFile), { recursive: true, mode: 0o700 });
    closeSync(openSync(opts.outFile, 'w', 0o600));
    chmodSync(opts.outFile, 0o600);
    await run('tar', ['-cf', opts.outFile, '-C', work, 'database.dump', 'uploads']);
    return opts.outFile;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Replaces the database's contents and the uploads folder with those of a backup. */
export async function restoreBackup(opts: { databaseUrl: string; uploadsDir: string; file: string }): Promise<void> {
  if (!existsSync(opts.file)) throw new Error(`No backup at ${opts.file}`);
  const work = mkdtempSync(path.join(tmpdir(), 'fenestra-restore-'));
  try {
    await run('tar', ['-xf', opts.file, '-C', work]);
    if (!existsSync(path.join(work, 'database.dump')))
      throw new Error(`${opts.file} is not a Fenestra backup (no database.dump)`);
    // The job queue's partitioned tables defeat pg_restore --clean, so the schemas are dropped and
    // rebuilt in one psql transaction: the restore happens whole or not at all.
    const script = path.join(work, 'restore.sql');
    await run(findTool('pg_restore'), [
      '--no-owner',
      '--no-privileges',
      `--file=${script}`,
      path.join(work, 'database.dump'),
    ]);
    const wrapper = path.join(work, 'wrapper.sql');
    writeFileSync(
      wrapper,
      [
        'SET client_min_messages = warning;',
        'DROP SCHEMA IF EXISTS pgboss CASCADE;',
        'DROP SCHEMA IF EXISTS drizzle CASCADE;',
        'DROP SCHEMA IF EXISTS public CASCADE;',
        'CREATE SCHEMA public;',
        `\\i ${script}`,
        // Sessions and reset links from the backup's moment must not come back to life: everyone signs in again.
        // The dump empties search_path; the tables' triggers call our functions unqualified.
        'SET search_path = public, pg_catalog;',
        'DELETE FROM public.sessions;',
        "DELETE FROM public.verifications WHERE identifier LIKE 'reset-password:%';",
        '',
      ].join('\n'),
    );
    const db = connection(opts.databaseUrl);
    await run(
      findTool('psql'),
      ['--single-transaction', '--quiet', '-v', 'ON_ERROR_STOP=1', `--dbname=${db.dbname}`, '--file', wrapper],
      db.env,
    );
    // Swap the uploads folder whole, so a failure half-way leaves the old one.
    const incoming = path.join(work, 'uploads');
    const old = `${opts.uploadsDir}.old-${Date.now()}`;
    mkdirSync(path.dirname(opts.uploadsDir), { recursive: true });
    if (existsSync(opts.uploadsDir)) renameSync(opts.uploadsDir, old);
    cpSync(incoming, opts.uploadsDir, { recursive: true });
    rmSync(old, { recursive: true, force: true });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
