import { parseArgs } from 'node:util';
import { hashPassword } from 'better-auth/crypto';
import { ROLES, emailSchema, passwordSchema, usernameSchema, firstIssue, type Role } from '@fenestra/shared';
import { loadConfig } from '../config/env.js';
import { openDatabase } from '../db/open.js';
import { createPasswordAccount } from '../modules/account/create-account.js';
import { findUserIdByEmail } from '../modules/account/profile-repo.js';
import { setRole } from '../lib/member.js';
import { AppError } from '../lib/errors.js';
import { z } from 'zod';

// npm run user:create -- --email E --password P [--username U] [--role admin|moderator|user]
const usage = 'Usage: npm run user:create -- --email E --password P [--username U] [--role admin|moderator|user]';

function check<T>(schema: z.ZodType<T>, value: unknown, name: string): T {
  const r = schema.safeParse(value);
  if (!r.success) throw new Error(`${name}: ${firstIssue(r.error)}`);
  return r.data;
}

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      username: { type: 'string' },
      role: { type: 'string', default: 'user' },
    },
  });
  if (!values.email) throw new Error(usage);
  const email = check(emailSchema, values.email, '--email').toLowerCase();
  const role = check(z.enum(ROLES), values.role, '--role') as Role;
  const log = { info: (m: string) => console.log(m), warn: (m: string) => console.warn(m) };
  const database = await openDatabase(loadConfig(), log);
  try {
    const existing = await findUserIdByEmail(database.db, email);
    if (existing) {
      await setRole(database.db, existing, role);
      console.log(`${email} already has an account; role set to ${role}.`);
      return;
    }
    if (!values.password) throw new Error(`--password is required for a new account.\n${usage}`);
    const password = check(passwordSchema, values.password, '--password');
    const username = values.username ? check(usernameSchema, values.username, '--username') : null;
    const created = await createPasswordAccount(database.db, { email, username, passwordHash: await hashPassword(password) });
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
