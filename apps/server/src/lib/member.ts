import { and, eq, sql } from 'drizzle-orm';
import type { Role } from '@fenestra/shared';
import type { Db, Tx } from '../db/client.js';
import { accounts, profiles, sessions, userRoles, users } from '../db/schema/index.js';

// The member behind a request, as every module sees it.
export interface MemberRow {
  id: string;
  email: string;
  username: string;
  avatarUrl: string | null;
  avatarWidth: number | null;
  avatarHeight: number | null;
  avatarVariantWidths: number[];
  status: 'active' | 'banned';
  banReason: string | null;
  banUntil: Date | null;
  role: Role;
  hasPassword: boolean;
  /** 0 New .. 3 Leader (issue 26): limits that depend on it are read through replyLimitsFor. */
  trustLevel: number;
  emailVerified: boolean;
}

const memberColumns = {
  id: users.id,
  email: users.email,
  username: profiles.username,
  avatarUrl: profiles.avatarUrl,
  avatarWidth: profiles.avatarWidth,
  avatarHeight: profiles.avatarHeight,
  avatarVariantWidths: profiles.avatarVariantWidths,
  status: profiles.status,
  banReason: profiles.banReason,
  banUntil: profiles.banUntil,
  role: sql<Role>`coalesce(${userRoles.role}, 'user')`,
  trustLevel: profiles.trustLevel,
  emailVerified: users.emailVerified,
  hasPassword: sql<boolean>`exists (select 1 from ${accounts} where ${accounts.userId} = ${users.id} and ${accounts.providerId} = 'credential' and ${accounts.password} is not null)`,
};

const sessionStatement = (db: Db) =>
  db
    .select({ ...memberColumns, sessionUpdatedAt: sessions.updatedAt, sessionExpiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .where(and(eq(sessions.token, sql.placeholder('token')), sql`${sessions.expiresAt} > now()`))
    .limit(1)
    .prepare('member_by_session');
const sessionStatements = new WeakMap<Db, ReturnType<typeof sessionStatement>>();

/** The member behind a live session token, with the session's last refresh and its end: one query, a named prepared statement. */
export async function findMemberBySession(
  db: Db,
  token: string,
): Promise<(MemberRow & { sessionUpdatedAt: Date; sessionExpiresAt: Date }) | null> {
  let statement = sessionStatements.get(db);
  if (!statement) sessionStatements.set(db, (statement = sessionStatement(db)));
  const rows = await statement.execute({ token });
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

/**
 * Locks the acting member's row (KEY SHARE) before anything else a write touches: an account deletion
 * locks it first too, so the two never deadlock, and a write that waited on a deletion finds no member.
 */
export async function lockActingMember(tx: Tx, userId: string): Promise<boolean> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('key share');
  return rows.length > 0;
}

/** Role 'user' is no row at all; any other role is the member's one row. */
export async function setRole(db: Db | Tx, userId: string, role: Role): Promise<void> {
  if (role === 'user') {
    await db.delete(userRoles).where(and(eq(userRoles.userId, userId)));
    return;
  }
  await db.insert(userRoles).values({ userId, role }).onConflictDoUpdate({ target: userRoles.userId, set: { role } });
}
