import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { WHAT_IS_NEW, notificationTypesFor, type Notification, type NotificationFilter } from '@fenestra/shared';
import type { Db } from '../../db/client.js';
import { notifications } from '../../db/schema/index.js';
import { decodeCursor, encodeCursor, exactTime } from '../../lib/cursor.js';

const ORDER = 'notifications';

/**
 * One page of /notifications: the member's own, newest first, through a filter, keyset-paged on (time, id) so a
 * notification arriving meanwhile never shifts a page. A cursor from another list is a 400.
 */
export async function notificationPage(
  db: Db,
  userId: string,
  filter: NotificationFilter,
  cursor: string | undefined,
): Promise<{ notifications: Notification[]; nextCursor: string | null }> {
  const after = decodeCursor(cursor, ORDER);
  const types = notificationTypesFor(filter);
  const where: SQL[] = [eq(notifications.userId, userId)];
  if (filter === 'unread') where.push(eq(notifications.read, false));
  if (types) where.push(inArray(notifications.type, types));
  if (after)
    where.push(sql`(${notifications.createdAt}, ${notifications.id}) < (${after.c}::timestamptz, ${after.i}::uuid)`);
  const rows = await db
    .select({
      id: notifications.id,
      type: notifications.type,
      message: notifications.message,
      postId: notifications.postId,
      read: notifications.read,
      createdAt: notifications.createdAt,
      exactCreatedAt: exactTime(notifications.createdAt),
    })
    .from(notifications)
    .where(and(...where))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(WHAT_IS_NEW.notificationPage + 1);
  const page = rows.slice(0, WHAT_IS_NEW.notificationPage);
  const last = page.at(-1);
  return {
    notifications: page.map(({ exactCreatedAt: _, ...r }) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    nextCursor:
      rows.length > page.length && last ? encodeCursor({ o: ORDER, c: last.exactCreatedAt, i: last.id }) : null,
  };
}
