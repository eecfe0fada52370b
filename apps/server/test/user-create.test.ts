import { describe, it, expect } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestApp, freshDatabase, ORIGIN } from './helpers.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const cli = ['--import', 'tsx', 'apps/server/src/cli/user-create.ts'];

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * npm run user:create, as a person runs it, against the database the server uses. With `terminal` it runs on a
 * pseudo-terminal (util-linux `script`, whose transcript is the stdout) and `answers` are typed in turn, each once
 * the output so far ends with its prompt (raw mode is on by then).
 */
function userCreate(
  databaseUrl: string,
  args: string[],
  opts: {
    env?: Record<string, string>;
    /** Piped in whole, before anything is asked. */
    input?: string;
    answers?: Array<[prompt: string, typed: string]>;
    terminal?: boolean;
  } = {},
): Promise<Ran> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fenestra-cli-'));
  const env = { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...opts.env };
  const command = [process.execPath, ...cli, ...args].map((a) => `'${a}'`).join(' ');
  const child = opts.terminal
    ? spawn('script', ['-qec', command, '/dev/null'], { cwd: root, env })
    : spawn(process.execPath, [...cli, ...args], { cwd: root, env });
  const answers = [...(opts.answers ?? [])];
  let stdout = '';
  let stderr = '';
  const answerIfAsked = () => {
    const next = answers[0];
    if (next && (stdout + stderr).trimEnd().endsWith(next[0].trimEnd())) {
      answers.shift();
      child.stdin.write(next[1]);
    }
  };
  child.stdout.on('data', (d: Buffer) => {
    stdout += d.toString();
    answerIfAsked();
  });
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
    answerIfAsked();
  });
  if (!opts.terminal) child.stdin.end(opts.input ?? '');
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      rmSync(dataDir, { recursive: true, force: true });
      resolve({ code, stdout, stderr });
    });
  });
}

async function signIn(databaseUrl: string, email: string, password: string) {
  const t = await createTestApp({ DATABASE_URL: databaseUrl });
  try {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/sign-in',
      headers: { origin: ORIGIN },
      payload: { email, password },
    });
    return res.statusCode === 200 ? (res.json().me as { username: string; role: string; isStaff: boolean }) : null;
  } finally {
    await t.close();
  }
}

describe('npm run user:create', () => {
  it('prints its usage for --help', async () => {
    const ran = await userCreate('postgres://nobody@127.0.0.1:1/none', ['--help']);
    expect(ran.code).toBe(0);
    expect(ran.stdout).toContain(
      'Usage: npm run user:create -- --email E [--username U] [--role admin|moderator|user]',
    );
    expect(ran.stdout).toContain('USER_PASSWORD');
  }, 60_000);

  it('creates an admin whose password comes from USER_PASSWORD, then changes the role of the existing account', async () => {
    const databaseUrl = await freshDatabase();
    const args = ['--email', 'Boss@Example.com', '--username', 'boss', '--role', 'admin'];
    const created = await userCreate(databaseUrl, args, { env: { USER_PASSWORD: 'Admin-pass1' } });
    expect(created.stdout).toContain('Created boss@example.com (username boss, role admin)');
    expect(await signIn(databaseUrl, 'boss@example.com', 'Admin-pass1')).toMatchObject({
      username: 'boss',
      role: 'admin',
      isStaff: true,
    });

    // No password is asked for a role change.
    const demoted = await userCreate(databaseUrl, ['--email', 'boss@example.com', '--role', 'moderator']);
    expect(demoted.stdout).toContain('role set to moderator');
    expect(await signIn(databaseUrl, 'boss@example.com', 'Admin-pass1')).toMatchObject({ role: 'moderator' });
  }, 60_000);

  it('asks for the password on a terminal without showing it, twice', async () => {
    const databaseUrl = await freshDatabase();
    const secret = 'Typed-secret7';
    const ran = await userCreate(databaseUrl, ['--email', 'typed@example.com'], {
      terminal: true,
      answers: [
        ['Password:', `${secret}\r`],
        ['Password again:', `${secret}\r`],
      ],
    });
    expect(ran.stdout).toContain('Created typed@example.com');
    expect(ran.stdout + ran.stderr).not.toContain(secret);
    expect(await signIn(databaseUrl, 'typed@example.com', secret)).toMatchObject({ role: 'user' });
  }, 60_000);

  it('reads the password from piped input', async () => {
    const databaseUrl = await freshDatabase();
    const ran = await userCreate(databaseUrl, ['--email', 'piped@example.com'], {
      input: 'Piped-secret8\n',
    });
    expect(ran.stdout).toContain('Created piped@example.com');
    expect(await signIn(databaseUrl, 'piped@example.com', 'Piped-secret8')).not.toBeNull();
  }, 60_000);

  it('refuses a password on the command line, where npm prints it', async () => {
    const databaseUrl = await freshDatabase();
    const ran = await userCreate(databaseUrl, ['--email', 'x@example.com', '--password', 'Admin-pass1']);
    expect(ran.code).toBe(1);
    expect(ran.stderr).toContain('--password is not taken');
    expect(await signIn(databaseUrl, 'x@example.com', 'Admin-pass1')).toBeNull();
  }, 60_000);

  it('refuses a weak password with the product message', async () => {
    const databaseUrl = await freshDatabase();
    const ran = await userCreate(databaseUrl, ['--email', 'x@example.com'], { env: { USER_PASSWORD: 'weak' } });
    expect(ran.code).toBe(1);
    expect(ran.stderr).toContain('Password must be at least 8 characters');
  }, 60_000);
});
