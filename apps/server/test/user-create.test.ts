import { describe, it, expect } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { createTestApp, freshDatabase, ORIGIN } from './helpers.js';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../..', import.meta.url));

// npm run user:create, as a person runs it, against the database the server uses.
async function userCreate(databaseUrl: string, args: string[]) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fenestra-cli-'));
  try {
    return await run(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/user-create.ts', ...args], {
      cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('npm run user:create', () => {
  it('creates an admin who can sign in, then changes the role of the existing account', async () => {
    const databaseUrl = await freshDatabase();
    const created = await userCreate(databaseUrl, ['--email', 'Boss@Example.com', '--password', 'Admin-pass1', '--username', 'boss', '--role', 'admin']);
    expect(created.stdout).toContain('Created boss@example.com (username boss, role admin)');

    const t = await createTestApp({ DATABASE_URL: databaseUrl });
    try {
      const signIn = await t.app.inject({
        method: 'POST', url: '/api/account/sign-in', headers: { origin: ORIGIN }, payload: { email: 'boss@example.com', password: 'Admin-pass1' },
      });
      expect(signIn.json().me).toMatchObject({ username: 'boss', role: 'admin', isStaff: true });

      const demoted = await userCreate(databaseUrl, ['--email', 'boss@example.com', '--role', 'moderator']);
      expect(demoted.stdout).toContain('role set to moderator');
      const { rows } = await t.app.services.database.pool.query(`SELECT role FROM user_roles`);
      expect(rows).toEqual([{ role: 'moderator' }]);
    } finally {
      await t.close();
    }
  }, 60_000);

  it('refuses a weak password with the product message', async () => {
    const databaseUrl = await freshDatabase();
    await expect(userCreate(databaseUrl, ['--email', 'x@example.com', '--password', 'weak'])).rejects.toMatchObject({
      stderr: expect.stringContaining('Password must be at least 8 characters'),
    });
  }, 60_000);
});
