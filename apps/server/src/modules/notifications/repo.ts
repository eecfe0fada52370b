import { and, inArray, ne } from 'drizzle-orm';
import type { NotificationType } from '@fenestra/shared';
import type { Db, Tx } from '../../db/client.js';
import { notifications, userRoles } from '../../db/schema/index.js';

export interface NewNotification {
  userId: string;
  type: NotificationType;
  message: string;
  postId?: string | null;
}

/** Writes notification rows inside the caller's transaction (delivery, live and by e-mail, comes later). */
export async function insertNotifications(tx: Db | Tx, rows: NewNotification[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(notifications).values(rows.map((r) => ({ ...r, postId: r.postId ?? null })));
}

/** Every admin and moderator, except one member (the author of what they are told about). */
export async function staffIdsExcept(tx: Db | Tx, exceptUserId: string | null): Promise<string[]> {
  const staff = inArray(userRoles.role, ['admin', 'moderator']);
  const rows = await tx.select({ id: userRoles.userId }).from(userRoles)
    .where(exceptUserId ? and(staff, ne(userRoles.userId, exceptUserId)) : staff);
  return rows.map((r) => r.id);
}
