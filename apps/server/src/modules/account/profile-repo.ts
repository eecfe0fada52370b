import { eq, sql } from 'drizzle-orm';
import { DEFAULT_EMAIL_PREFERENCES, usernameFromEmail, isReservedUsername, LIMITS } from '@fenestra/shared';
import type { Db, Tx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { profiles, users } from '../../db/schema/index.js';

/** Held by a member, or reserved for the forum itself ('admin', 'unknown', ...). */
export async function usernameTaken(db: Db | Tx, username: string): Promise<boolean> {
  if (isReservedUsername(username)) return true;
  const rows = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(sql`lower(${profiles.username}) = lower(${username})`)
    .limit(1);
  return rows.length > 0;
}

/** What a reserved email name (admin@, support@) becomes instead. */
const RESERVED_EMAIL_NAME = 'member';

/** A free username derived from an email: the base, then base2, base3, ... within 30 characters; a reserved base becomes 'member'. */
export async function freeUsernameFromEmail(db: Db | Tx, email: string): Promise<string> {
  const derived = usernameFromEmail(email);
  const base = isReservedUsername(derived) ? RESERVED_EMAIL_NAME : derived;
  const rows = await db
    .select({ username: profiles.username })
    .from(profiles)
    .where(sql`lower(${profiles.username}) LIKE ${`${base.slice(0, LIMITS.username.max - 6)}%`}`);
  const taken = new Set(rows.map((r) => r.username.toLowerCase()));
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? '' : String(n);
    const candidate = base.slice(0, LIMITS.username.max - suffix.length) + suffix;
    if (!taken.has(candidate) && !isReservedUsername(candidate)) return candidate;
  }
}

/** Creates a profile for an account made by an outside provider, retrying if a racer takes the name. */
export async function createProfileForEmail(db: Db, userId: string, email: string): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const username = await freeUsernameFromEmail(db, email);
    try {
      await db
        .insert(profiles)
        .values({ id: userId, username, emailPreferences: DEFAULT_EMAIL_PREFERENCES })
        .onConflictDoNothing({ target: profiles.id });
      await db.update(users).set({ name: username }).where(eq(users.id, userId));
      return;
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
    }
  }
  throw new Error('Could not find a free username');
}

export async function findUserIdByEmail(db: Db, email: string): Promise<string | null> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return rows[0]?.id ?? null;
}
