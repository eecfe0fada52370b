import { and, eq } from 'drizzle-orm';
import {
  EMAIL_PREFERENCE_FOR,
  NOTIFICATION_TITLES,
  PUSH_BODY_CHARS,
  readPushPreferences,
  type PushPayload,
} from '@fenestra/shared';
import type { Db } from '../../db/client.js';
import type { JobContext } from '../../lib/jobs.js';
import { notifications, profiles, pushSubscriptions } from '../../db/schema/index.js';
import type { PushSender } from '../../adapters/push/push-sender.js';
import * as repo from './repo.js';

interface Log {
  warn(obj: object, msg: string): void;
}

/** The notification as a push shows it: nothing the member's notification does not hold. */
export function pushPayloadOf(
  publicUrl: string,
  row: {
    id: string;
    type: keyof typeof NOTIFICATION_TITLES;
    message: string;
    postId: string | null;
    replyId: string | null;
  },
): PushPayload {
  const body =
    row.message.length > PUSH_BODY_CHARS ? `${row.message.slice(0, PUSH_BODY_CHARS - 3).trimEnd()}...` : row.message;
  const post = row.postId ? `/post/${row.postId}${row.replyId ? `#reply-${row.replyId}` : ''}` : '/';
  return {
    title: NOTIFICATION_TITLES[row.type],
    body,
    url: `${publicUrl}${post}`,
    tag: row.id,
  };
}

/**
 * 'notification-push': one notification to each of its member's devices, when the member pushes its kind. Decided at
 * send time (a kind turned off since sends nothing); a banned member's devices are removed instead. Each device is a
 * job of its own ('push-to-device'), retried alone.
 */
export function notificationPushJob(deps: { db: Db }) {
  const { db } = deps;
  return async ({ notificationId }: { notificationId: string }, { send }: JobContext) => {
    const [row] = await db
      .select({ userId: notifications.userId, type: notifications.type, status: profiles.status })
      .from(notifications)
      .innerJoin(profiles, eq(profiles.id, notifications.userId))
      .where(eq(notifications.id, notificationId))
      .limit(1);
    if (!row) return;
    if (row.status === 'banned') {
      await repo.removeMemberDevices(db, row.userId);
      return;
    }
    const key = EMAIL_PREFERENCE_FOR[row.type];
    if (!key || key === 'banned' || !readPushPreferences(await repo.storedPreferences(db, row.userId))[key]) return;
    const devices = await db
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, row.userId));
    for (const device of devices) await send('push-to-device', { notificationId, subscriptionId: device.id });
  };
}

/**
 * 'push-to-device': sends the push. Delivered: noted. Gone (404/410) or refused (an address or answer that will not
 * change): the device is removed. A push service that is down or busy: thrown, and the queue retries.
 */
export function pushToDeviceJob(deps: { db: Db; sender: PushSender; publicUrl: string; log: Log }) {
  const { db, sender, publicUrl, log } = deps;
  return async ({ notificationId, subscriptionId }: { notificationId: string; subscriptionId: string }) => {
    const [row] = await db
      .select({
        id: notifications.id,
        type: notifications.type,
        message: notifications.message,
        postId: notifications.postId,
        replyId: notifications.replyId,
        endpoint: pushSubscriptions.endpoint,
        p256dh: pushSubscriptions.p256dh,
        auth: pushSubscriptions.auth,
      })
      .from(notifications)
      .innerJoin(pushSubscriptions, eq(pushSubscriptions.userId, notifications.userId))
      .where(and(eq(notifications.id, notificationId), eq(pushSubscriptions.id, subscriptionId)))
      .limit(1);
    // The device was removed (or moved to another member) since: nothing to send.
    if (!row) return;
    const outcome = await sender.send(row, JSON.stringify(pushPayloadOf(publicUrl, row)));
    if (outcome.kind === 'delivered') {
      await db
        .update(pushSubscriptions)
        .set({ lastPushedAt: new Date() })
        .where(eq(pushSubscriptions.id, subscriptionId));
      return;
    }
    if (outcome.kind === 'retry') throw new Error(`push service did not take the push: ${outcome.reason}`);
    if (outcome.kind === 'refused')
      log.warn({ subscriptionId, reason: outcome.reason }, 'push endpoint refused; device removed');
    await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId));
  };
}
