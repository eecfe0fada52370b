import { parseArgs } from 'node:util';
import { hashPassword } from 'better-auth/crypto';
import { ROLES, emailSchema, passwordSchema, usernameSchema, firstIssue, type Role } from '@fenestra/shared';
import { loadConfig } from '../config/env.js';
import { openDatabase } from '../db/open.js';
import { createPasswordAccount } from '../modules/account/create-account.js';
import { findUserIdByEmail } from '../modules/account/profile-repo.js';
import { setRole } from '../lib/member.js';
import { AppError } from '../lib/errors.js';
import { promptHidden } from './hidden-prompt.js';
import { z } from 'zod';

/** Where a new account's password may come from instead of the prompt (never the command line: npm prints it). */
const PASSWORD_VARIABLE = 'USER_PASSWORD';

const usage = `Usage: npm run user:create -- --email E [--username U] [--role admin|moderator|user]

Creates an account, or sets the role of the account that already has this email (role 'user' unless --role).
A new account's password is asked for without showing it, twice; or set ${PASSWORD_VARIABLE} in the environment
(or pipe it: printf '%s\\n' "$PASS" | npm run user:create -- --email E). It is never taken on the command
line, where npm prints it.`;

function check<T>(schema: z.ZodType<T>, value: unknown, name: string): T {
  const r = schema.safeParse(value);
  if (!r.success) throw new Error(`${name}: ${firstIssue(r.error)}`);
  return r.data;
}

/** The new account's password: the environment's, else asked for (twice on a terminal). */
async function newPassword(): Promise<string> {
  const given = process.env[PASSWORD_VARIABLE];
  if (given) return check(passwordSchema, given, PASSWORD_VARIABLE);
  const typed = await promptHidden('Password: ');
  if (typed === null) throw new Error(`No password given.\n${usage}`);
  const password = check(passwordSchema, typed, 'Password');
  if (process.stdin.isTTY && (await promptHidden('Password again: ')) !== password) {
    throw new Error('The two passwords differ.');
  }
  return password;
}

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      username: { type: 'string' },
      role: { type: 'string', default: 'user' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  if (values.password !== undefined) {
    throw new Error(
      `--password is not taken: npm prints the command line. Type it when asked, or set ${PASSWORD_VARIABLE}.`,
    );
  }
  if (!values.email) throw new Error(usage);
  const email = check(emailSchema, values.email, '--email').toLowerCase();
  const role = check(z.enum(ROLES), values.role, '--role') as Role;
  const username = values.username ? check(usernameSchema, values.username, '--username') : null;
  const log = { info: (m: string) => console.log(m), warn: (m: string) => console.warn(m) };
  const database = await openDatabase(loadConfig(), log);
  try {
    const existing = await findUserIdByEmail(database.db, email);
    if (existing) {
      await setRole(database.db, existing, role);
      console.log(`${email} already has an account; role set to ${role}.`);
      return;
    }
    const password = await newPassword();
    const created = await createPasswordAccount(database.db, {
      email,
      username,
      passwordHash: await hashPassword(password),
    });
    await setRole(database.db, created.id, role);
    console.log(`Created ${email} (username ${created.username}, role ${role}).`);
  } finally {
    await database.close();
  }
}

main().catch((e) => {
  console.error(e instanceof AppError || e instanceof Error ? e.message : e);
  process.exit(1);
});
