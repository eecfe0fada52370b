import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Role, UserRoleFilter, UserSort, UserStatusFilter } from '@fenestra/shared';
import type { Db, Tx } from '../../db/client.js';
import { exactTime } from '../../lib/cursor.js';
import { profiles, sessions, userRoles, users } from '../../db/schema/index.js';

type Conn = Db | Tx;

const role = sql<Role>`coalesce(${userRoles.role}, 'user')`;
/** A timed ban that has run out counts as lifted even before the job has written it down. */
const bannedNow = sql`(${profiles.status} = 'banned' and (${profiles.banUntil} is null or ${profiles.banUntil} > now()))`;

export interface UserFilters {
  search: string;
  role: UserRoleFilter;
  status: UserStatusFilter;
}
export interface UserKeys {
  c: string;
  i: string;
  p?: number;
}

export interface UserRow {
  id: string;
  username: string;
  email: string;
  avatarUrl: string | null;
  role: Role;
  banned: boolean;
  banReason: string | null;
  banUntil: Date | null;
  createdAt: Date;
  createdKey: string;
  postCount: number;
  trustLevel: number;
  trustLocked: boolean;
  trustReason: string;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function filterWhere(f: UserFilters): SQL | undefined {
  const term = f.search.trim();
  const pattern = `%${escapeLike(term)}%`;
  return and(
    term ? or(ilike(profiles.username, pattern), ilike(users.email, pattern)) : undefined,
    f.role === 'all' ? undefined : f.role === 'user' ? sql`${userRoles.role} is null` : eq(userRoles.role, f.role),
    f.status === 'all' ? undefined : f.status === 'banned' ? bannedNow : sql`not ${bannedNow}`,
  );
}

const ORDERS: Record<UserSort, { by: SQL[]; after(k: UserKeys): SQL }> = {
  newest: {
    by: [sql`${profiles.createdAt} desc`, sql`${profiles.id} desc`],
    after: (k) => sql`(${profiles.createdAt}, ${profiles.id}) < (${k.c}::timestamptz, ${k.i})`,
  },
  oldest: {
    by: [sql`${profiles.createdAt} asc`, sql`${profiles.id} asc`],
    after: (k) => sql`(${profiles.createdAt}, ${profiles.id}) > (${k.c}::timestamptz, ${k.i})`,
  },
  most_active: {
    by: [sql`${profiles.postCount} desc`, sql`${profiles.createdAt} desc`, sql`${profiles.id} desc`],
    after: (k) =>
      sql`(${profiles.postCount}, ${profiles.createdAt}, ${profiles.id}) < (${k.p ?? 0}::int, ${k.c}::timestamptz, ${k.i})`,
  },
};

const userColumns = {
  id: profiles.id,
  username: profiles.username,
  email: users.email,
  avatarUrl: profiles.avatarUrl,
  role,
  banned: sql<boolean>`${bannedNow}`,
  banReason: profiles.banReason,
  banUntil: profiles.banUntil,
  createdAt: profiles.createdAt,
  createdKey: exactTime(profiles.createdAt),
  postCount: profiles.postCount,
  trustLevel: profiles.trustLevel,
  trustLocked: profiles.trustLocked,
  trustReason: profiles.trustReason,
};

const selectFrom = (db: Conn, where: SQL | undefined) =>
  db
    .select(userColumns)
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .leftJoin(userRoles, eq(userRoles.userId, profiles.id))
    .where(where);

export async function selectUsers(
  db: Conn,
  f: UserFilters,
  sort: UserSort,
  after: UserKeys | null,
  limit: number,
): Promise<UserRow[]> {
  return selectFrom(db, and(filterWhere(f), after ? ORDERS[sort].after(after) : undefined))
    .orderBy(...ORDERS[sort].by)
    .limit(limit);
}

export async function findUser(db: Conn, userId: string): Promise<UserRow | null> {
  const rows = await selectFrom(db, eq(profiles.id, userId)).limit(1);
  return rows[0] ?? null;
}

export async function countUsers(db: Conn, f: UserFilters | null): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .leftJoin(userRoles, eq(userRoles.userId, profiles.id))
    .where(f ? filterWhere(f) : undefined);
  return rows[0]?.n ?? 0;
}

/** The figures of the stat cards at a given moment (the clock is the caller's, so tests can fix it). */
export async function userFigures(db: Conn, now: Date) {
  const { rows } = await db.execute<{
    total: number;
    total_week_ago: number;
    joined_week: number;
    joined_week_before: number;
    banned: number;
    bans_week: number;
    bans_week_before: number;
    staff: number;
  }>(sql`
    WITH t AS (SELECT ${now.toISOString()}::timestamptz AS now)
    SELECT
      (SELECT count(*)::int FROM profiles, t WHERE created_at <= t.now) AS total,
      (SELECT count(*)::int FROM profiles, t WHERE created_at <= t.now - interval '7 days') AS total_week_ago,
      (SELECT count(*)::int FROM profiles, t WHERE created_at > t.now - interval '7 days' AND created_at <= t.now) AS joined_week,
      (SELECT count(*)::int FROM profiles, t WHERE created_at > t.now - interval '14 days' AND created_at <= t.now - interval '7 days') AS joined_week_before,
      (SELECT count(*)::int FROM profiles, t WHERE status = 'banned' AND (ban_until IS NULL OR ban_until > t.now)) AS banned,
      (SELECT count(*)::int FROM moderation_log, t WHERE action = 'ban' AND created_at > t.now - interval '7 days' AND created_at <= t.now) AS bans_week,
      (SELECT count(*)::int FROM moderation_log, t WHERE action = 'ban' AND created_at > t.now - interval '14 days' AND created_at <= t.now - interval '7 days') AS bans_week_before,
      (SELECT count(*)::int FROM user_roles WHERE role IN ('admin', 'moderator')) AS staff`);
  return rows[0]!;
}

export async function setBan(tx: Tx, userId: string, reason: string, until: Date | null): Promise<void> {
  await tx
    .update(profiles)
    .set({ status: 'banned', banReason: reason, banUntil: until })
    .where(eq(profiles.id, userId));
}

export async function clearBan(tx: Tx, userId: string): Promise<void> {
  await tx.update(profiles).set({ status: 'active', banReason: null, banUntil: null }).where(eq(profiles.id, userId));
}

/** Ends every session of the member at once (their next request is a visitor's: 401). */
export async function revokeSessions(tx: Tx, userId: string): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
}

export async function lockAdmins(tx: Tx): Promise<string[]> {
  const rows = await tx
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(eq(userRoles.role, 'admin'))
    .for('update');
  return rows.map((r) => r.userId);
}

export async function emailAndPreferences(db: Conn, userId: string): Promise<{ email: string; prefs: unknown } | null> {
  const rows = await db
    .select({ email: users.email, prefs: profiles.emailPreferences })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0] ?? null;
}
