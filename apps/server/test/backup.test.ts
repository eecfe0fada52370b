import { describe, it, expect, afterAll, beforeAll } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createBackup, restoreBackup } from '../src/ops/backup.js';
import { createTestApp, signUpMember, ORIGIN, type TestApp } from './helpers.js';

describe('backup and restore', () => {
  let t: TestApp;
  const work = mkdtempSync(path.join(tmpdir(), 'fenestra-backup-test-'));
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('brings back the members and the uploaded files of the moment it was taken', async () => {
    const kept = await signUpMember(t.app, { username: 'kept-member' });
    const uploads = path.join(t.config.dataDir, 'uploads');
    mkdirSync(path.join(uploads, 'avatars', kept.me.id), { recursive: true });
    writeFileSync(path.join(uploads, 'avatars', kept.me.id, 'face.png'), 'png bytes');

    const file = path.join(work, 'fenestra.tar');
    await createBackup({ databaseUrl: t.config.databaseUrl!, uploadsDir: uploads, outFile: file });
    expect(existsSync(file)).toBe(true);

    // After the backup: a new member, and the file gone.
    await signUpMember(t.app, { username: 'later-member' });
    rmSync(path.join(uploads, 'avatars'), { recursive: true });

    await t.app.close();
    await restoreBackup({ databaseUrl: t.config.databaseUrl!, uploadsDir: uploads, file });

    // A new app on the restored database: the kept member signs in, the later one never existed.
    const again = await createTestApp({ DATABASE_URL: t.config.databaseUrl!, DATA_DIR: t.config.dataDir });
    try {
      const signIn = (email: string, password: string) => again.app.inject({
        method: 'POST', url: '/api/account/sign-in', headers: { origin: ORIGIN }, payload: { email, password },
      });
      expect((await signIn(kept.email, kept.password)).statusCode).toBe(200);
      const names = await again.app.services.database.pool.query('SELECT username FROM profiles ORDER BY username');
      expect(names.rows.map((r) => r.username)).toEqual(['kept-member']);
      expect(readFileSync(path.join(uploads, 'avatars', kept.me.id, 'face.png'), 'utf8')).toBe('png bytes');
    } finally {
      await again.close();
    }
  });
});
