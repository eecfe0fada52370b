import { and, count, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import { EMAIL_PREFERENCE_FOR, LIMITS, type Notification, type NotificationType } from '@fenestra/shared';
import type { Db, Tx } from '../../db/client.js';
import { notifications, userRoles } from '../../db/schema/index.js';
import { publishEvent } from '../../realtime/bus-event.js';
import { sendInTransaction } from '../../lib/jobs.js';

type Conn = Db | Tx;

export interface NewNotification {
  userId: string;
  type: NotificationType;
  message: string;
  postId?: string | null;
  /** The reply it tells of (its email quotes it). */
  replyId?: string | null;
}

/**
 * What other members' doings send (a reply, a mention, a post to review): at most
 * LIMITS.notificationsPerMemberPerHour of these reach one member in an hour. What staff do to a member's own posts
 * and replies (approved, denied, solved, pinned, accepted) always reaches them.
 */
const HOURLY_CAPPED: readonly NotificationType[] = ['new_reply', 'mention', 'post_pending_review'];

/** Of these members, the ones who already had their hour's share of capped notifications. */
async function atHourlyCap(tx: Conn, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await tx
    .select({ userId: notifications.userId, n: count() })
    .from(notifications)
    .where(
      and(
        inArray(notifications.userId, userIds),
        inArray(notifications.type, [...HOURLY_CAPPED]),
        gt(notifications.createdAt, sql`now() - interval '1 hour'`),
      ),
    )
    .groupBy(notifications.userId);
  return new Set(rows.filter((r) => r.n >= LIMITS.notificationsPerMemberPerHour).map((r) => r.userId));
}

/**
 * The one way to notify (DESIGN.md): in the caller's transaction it writes the rows, announces each
 * (`notification.created` to its member) and queues the email of every type that has one, so a
 * rolled-back action notifies nobody. One per member per action: a repeated recipient keeps the first. A member
 * past their hourly share of what others' doings send (HOURLY_CAPPED) gets no row and no email for it.
 */
export async function insertNotifications(tx: Conn, rows: NewNotification[]): Promise<void> {
  const seen = new Set<string>();
  const distinct = rows.filter((r) => !seen.has(r.userId) && seen.add(r.userId));
  const capped = await atHourlyCap(
    tx,
    distinct.filter((r) => HOURLY_CAPPED.includes(r.type)).map((r) => r.userId),
  );
  const once = distinct.filter((r) => !(HOURLY_CAPPED.includes(r.type) && capped.has(r.userId)));
  if (once.length === 0) return;
  const inserted = await tx
    .insert(notifications)
    .values(
      once.map((r) => ({
        userId: r.userId,
        type: r.type,
        message: r.message,
        postId: r.postId ?? null,
        replyId: r.replyId ?? null,
        emailStatus: EMAIL_PREFERENCE_FOR[r.type] ? ('queued' as const) : null,
      })),
    )
    .returning({ id: notifications.id, userId: notifications.userId, emailStatus: notifications.emailStatus });
  for (const row of inserted) {
    await publishEvent(tx, { type: 'notification.created', to: row.userId });
    if (row.emailStatus === 'queued') await sendInTransaction(tx, 'notification-email', { notificationId: row.id });
    // What would be emailed is pushed too, to the member's devices (issue 29); the job reads their choices then.
    if (row.emailStatus === 'queued') await sendInTransaction(tx, 'notification-push', { notificationId: row.id });
  }
}

/** Every admin and moderator, except one member (the author of what they are told about). */
export async function staffIdsExcept(tx: Conn, exceptUserId: string | null): Promise<string[]> {
  const staff = inArray(userRoles.role, ['admin', 'moderator']);
  const rows = await tx
    .select({ id: userRoles.userId })
    .from(userRoles)
    .where(exceptUserId ? and(staff, ne(userRoles.userId, exceptUserId)) : staff);
  return rows.map((r) => r.id);
}

export async function latestFor(db: Conn, userId: string): Promise<Notification[]> {
  const rows = await db
    .select({
      id: notifications.id,
      type: notifications.type,
      message: notifications.message,
      postId: notifications.postId,
      read: notifications.read,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(LIMITS.notificationList);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

export async function unreadCount(db: Conn, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)));
  return row?.n ?? 0;
}

/** Marks one of the member's own notifications read; false when they have none with that id. */
export async function markRead(db: Conn, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function markAllRead(db: Conn, userId: string): Promise<void> {
  await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)));
}
