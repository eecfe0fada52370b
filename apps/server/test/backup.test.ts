import { describe, it, expect, afterAll, beforeAll } from 'vitest';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createBackup, findTool, restoreBackup } from '../src/ops/backup.js';
import { createTestApp, signUpMember, ORIGIN, type TestApp } from './helpers.js';

/** pg_dump behind a script that notes the arguments it was given and whether PGPASSWORD was set. */
function recordingPgDump(dir: string): { tool: string; seen: () => string } {
  const real = findTool('pg_dump');
  const notes = path.join(dir, 'pg_dump-call.txt');
  const tool = path.join(dir, 'pg_dump-recording.sh');
  writeFileSync(
    tool,
    `#!/bin/sh\nprintf '%s\\n' "$@" > '${notes}'\necho "PGPASSWORD=$PGPASSWORD" >> '${notes}'\nexec '${real}' "$@"\n`,
  );
  chmodSync(tool, 0o700);
  return { tool, seen: () => readFileSync(notes, 'utf8') };
}

describe('backup and restore', () => {
  let t: TestApp;
  const work = mkdtempSync(path.join(tmpdir(), 'fenestra-backup-test-'));
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('brings back the members and the uploaded files of the moment it was taken', async () => {
    const kept = await signUpMember(t.app, { username: 'kept-member' });
    const uploads = path.join(t.config.dataDir, 'uploads');
    mkdirSync(path.join(uploads, 'avatars', kept.me.id), { recursive: true });
    writeFileSync(path.join(uploads, 'avatars', kept.me.id, 'face.png'), 'png bytes');

    // A reset link asked for before the backup.
    await t.app.inject({
      method: 'POST',
      url: '/api/account/forgot-password',
      headers: { origin: ORIGIN },
      payload: { email: kept.email },
    });
    await t.app.services.jobs.runDue('password-reset');
    const {
      rows: [token],
    } = await t.app.services.database.pool.query<{ identifier: string }>(
      `SELECT identifier FROM verifications WHERE value = $1`,
      [kept.me.id],
    );
    expect(token).toBeDefined();

    const file = path.join(work, 'backups', 'fenestra.tar');
    const pgDump = recordingPgDump(work);
    process.env.PG_DUMP = pgDump.tool;
    try {
      await createBackup({ databaseUrl: t.config.databaseUrl!, uploadsDir: uploads, outFile: file });
    } finally {
      delete process.env.PG_DUMP;
    }
    expect(existsSync(file)).toBe(true);
    // Owner-only, and the database password never on pg_dump's command line.
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const password = decodeURIComponent(new URL(t.config.databaseUrl!).password);
    const [args, env] = pgDump.seen().split('PGPASSWORD=');
    if (password) {
      expect(args).not.toContain(password);
      expect(env!.trim()).toBe(password);
    }
    expect(args).toContain('--dbname=postgres://');

    // After the backup: a new member, and the file gone.
    await signUpMember(t.app, { username: 'later-member' });
    rmSync(path.join(uploads, 'avatars'), { recursive: true });

    await t.app.close();
    await restoreBackup({ databaseUrl: t.config.databaseUrl!, uploadsDir: uploads, file });

    // A new app on the restored database: the kept member signs in, the later one never existed.
    const again = await createTestApp({ DATABASE_URL: t.config.databaseUrl!, DATA_DIR: t.config.dataDir });
    try {
      const signIn = (email: string, password: string) =>
        again.app.inject({
          method: 'POST',
          url: '/api/account/sign-in',
          headers: { origin: ORIGIN },
          payload: { email, password },
        });
      // Sessions and reset links of the backup's moment are over: everyone signs in again.
      const me = await again.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: kept.cookie } });
      expect(me.json().me).toBeNull();
      const reset = await again.app.inject({
        method: 'POST',
        url: '/api/account/reset-password',
        headers: { origin: ORIGIN },
        payload: { token: token!.identifier.replace('reset-password:', ''), password: 'Another-Pass1' },
      });
      expect(reset.statusCode).toBe(400);
      expect((await signIn(kept.email, kept.password)).statusCode).toBe(200);
      const names = await again.app.services.database.pool.query('SELECT username FROM profiles ORDER BY username');
      expect(names.rows.map((r) => r.username)).toEqual(['kept-member']);
      expect(readFileSync(path.join(uploads, 'avatars', kept.me.id, 'face.png'), 'utf8')).toBe('png bytes');
    } finally {
      await again.close();
    }
  });
});
