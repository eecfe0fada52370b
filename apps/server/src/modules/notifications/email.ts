import { eq, sql } from 'drizzle-orm';
import {
  EMAIL_PREFERENCE_FOR, EMAIL_PREFERENCE_TOPICS, NOTIFICATION_EMAIL_SUBJECTS, notificationEmailText, readEmailPreferences,
} from '@fenestra/shared';
import type { Db } from '../../db/client.js';
import { notifications, profiles, users } from '../../db/schema/index.js';
import type { Mailer } from '../../adapters/mail/mailer.js';
import { unsubscribeToken } from './unsubscribe-token.js';

/** How long a mail server may be away before the email is given up and counted as failed. */
export const EMAIL_RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;

export const unsubscribePath = '/api/email/unsubscribe';

/**
 * Sends one notification's email, deciding at send time: a deleted account or notification sends nothing,
 * a preference turned off since skips it. A mail server that is down throws (the queue retries) until 24
 * hours after the notification; then the email is kept as failed. Safe to run twice.
 */
export function notificationEmailJob(deps: { db: Db; mailer: Mailer; publicUrl: string; secret: string; now: () => Date }) {
  const { db, mailer, publicUrl, secret } = deps;
  const setStatus = (id: string, status: 'sent' | 'skipped' | 'failed', error: string | null = null) =>
    db.update(notifications).set({ emailStatus: status, emailError: error }).where(eq(notifications.id, id));

  return async ({ notificationId }: { notificationId: string }) => {
    const [row] = await db.select({
      id: notifications.id, userId: notifications.userId, type: notifications.type, message: notifications.message,
      postId: notifications.postId, createdAt: notifications.createdAt, emailStatus: notifications.emailStatus,
      email: users.email, preferences: profiles.emailPreferences,
    }).from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .innerJoin(profiles, eq(profiles.id, notifications.userId))
      .where(eq(notifications.id, notificationId))
      .limit(1);
    if (!row || row.emailStatus !== 'queued') return;
    const key = EMAIL_PREFERENCE_FOR[row.type];
    if (!key || !readEmailPreferences(row.preferences)[key]) {
      await setStatus(row.id, 'skipped');
      return;
    }
    const unsubscribeUrl = `${publicUrl}${unsubscribePath}?token=${unsubscribeToken(secret, row.userId, key)}`;
    try {
      await mailer.send({
        to: row.email,
        subject: NOTIFICATION_EMAIL_SUBJECTS[row.type],
        text: notificationEmailText({
          message: row.message,
          postUrl: row.postId ? `${publicUrl}/post/${row.postId}` : null,
          settingsUrl: `${publicUrl}/settings`,
          unsubscribeUrl,
          topic: EMAIL_PREFERENCE_TOPICS[key],
        }),
        headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      });
    } catch (err) {
      if (deps.now().getTime() - row.createdAt.getTime() < EMAIL_RETRY_WINDOW_MS) throw err;
      await setStatus(row.id, 'failed', err instanceof Error ? err.message : String(err));
      return;
    }
    await setStatus(row.id, 'sent');
  };
}

/** Turns one email preference off for a member (the one-click unsubscribe); false when the member is gone. */
export async function turnPreferenceOff(db: Db, userId: string, key: string): Promise<boolean> {
  const rows = await db.update(profiles)
    .set({ emailPreferences: sql`${profiles.emailPreferences} || jsonb_build_object(${key}::text, false)` })
    .where(eq(profiles.id, userId))
    .returning({ id: profiles.id });
  return rows.length > 0;
}
