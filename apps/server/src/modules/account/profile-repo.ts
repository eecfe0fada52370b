import { and, eq, sql } from 'drizzle-orm';
import { DEFAULT_EMAIL_PREFERENCES, usernameFromEmail, isReservedUsername, LIMITS, type Role } from '@fenestra/shared';
import type { Db, Tx } from '../../db/client.js';
import { profiles, userRoles, users, accounts, sessions } from '../../db/schema/index.js';

export const isUniqueViolation = (e: unknown, constraint?: string): boolean => {
  const err = (e as { cause?: unknown })?.cause ?? e;
  const pgErr = err as { code?: string; constraint?: string };
  return pgErr?.code === '23505' && (!constraint || pgErr.constraint === constraint);
};

/** Held by a member, or reserved for the forum itself ('admin', 'unknown', ...). */
export async function usernameTaken(db: Db | Tx, username: string): Promise<boolean> {
  if (isReservedUsername(username)) return true;
  const rows = await db.select({ id: profiles.id }).from(profiles)
    .where(sql`lower(${profiles.username}) = lower(${username})`).limit(1);
  return rows.length > 0;
}

/** A free username derived from an email: the base, then base2, base3, ... within 30 characters; a reserved base starts at base1. */
export async function freeUsernameFromEmail(db: Db | Tx, email: string): Promise<string> {
  const base = usernameFromEmail(email);
  const rows = await db.select({ username: profiles.username }).from(profiles)
    .where(sql`lower(${profiles.username}) LIKE ${`${base.slice(0, LIMITS.username.max - 6)}%`}`);
  const taken = new Set(rows.map((r) => r.username.toLowerCase()));
  const reserved = isReservedUsername(base);
  if (!reserved && !taken.has(base)) return base;
  for (let n = reserved ? 1 : 2; ; n++) {
    const suffix = String(n);
    const candidate = base.slice(0, LIMITS.username.max - suffix.length) + suffix;
    if (!taken.has(candidate)) return candidate;
  }
}

/** Creates a profile for an account made by an outside provider, retrying if a racer takes the name. */
export async function createProfileForEmail(db: Db, userId: string, email: string): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const username = await freeUsernameFromEmail(db, email);
    try {
      await db.insert(profiles).values({ id: userId, username, emailPreferences: DEFAULT_EMAIL_PREFERENCES })
        .onConflictDoNothing({ target: profiles.id });
      await db.update(users).set({ name: username }).where(eq(users.id, userId));
      return;
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
    }
  }
  throw new Error('Could not find a free username');
}

export interface MemberRow {
  id: string;
  email: string;
  username: string;
  avatarUrl: string | null;
  status: 'active' | 'banned';
  banReason: string | null;
  banUntil: Date | null;
  role: Role;
  hasPassword: boolean;
}

const memberColumns = {
  id: users.id,
  email: users.email,
  username: profiles.username,
  avatarUrl: profiles.avatarUrl,
  status: profiles.status,
  banReason: profiles.banReason,
  banUntil: profiles.banUntil,
  role: sql<Role>`coalesce(${userRoles.role}, 'user')`,
  hasPassword: sql<boolean>`exists (select 1 from ${accounts} where ${accounts.userId} = ${users.id} and ${accounts.providerId} = 'credential' and ${accounts.password} is not null)`,
};

/** The member behind a live session token, with the session's last refresh, in one query. */
export async function findMemberBySession(db: Db, token: string): Promise<(MemberRow & { sessionUpdatedAt: Date }) | null> {
  const rows = await db
    .select({ ...memberColumns, sessionUpdatedAt: sessions.updatedAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .where(and(eq(sessions.token, token), sql`${sessions.expiresAt} > now()`))
    .limit(1);
  return rows[0] ?? null;
}

export async function findMember(db: Db, userId: string): Promise<MemberRow | null> {
  const rows = await db
    .select(memberColumns)
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0] ?? null;
}

export async function findUserIdByEmail(db: Db, email: string): Promise<string | null> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return rows[0]?.id ?? null;
}

export async function setRole(db: Db | Tx, userId: string, role: Role): Promise<void> {
  if (role === 'user') {
    await db.delete(userRoles).where(and(eq(userRoles.userId, userId)));
    return;
  }
  await db.insert(userRoles).values({ userId, role }).onConflictDoUpdate({ target: userRoles.userId, set: { role } });
}
