import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  EMAIL_PREFERENCE_FOR,
  EMAIL_PREFERENCE_TOPICS,
  WHAT_IS_NEW,
  WHAT_IS_NEW_TEXT,
  notificationEmailSubject,
  readEmailPreferences,
} from '@fenestra/shared';
import type { Db } from '../../db/client.js';
import { notifications, posts, profiles, replies, replyEmailWindows, users } from '../../db/schema/index.js';
import type { Mailer } from '../../adapters/mail/mailer.js';
import type { JobContext } from '../../lib/jobs.js';
import { unsubscribeToken, type UnsubscribeKey } from './unsubscribe-token.js';
import { emailHtml, emailText, quoteOf, type EmailContent } from './email-layout.js';
import { memberPlainText as plainTextOf } from '../../lib/member-markdown.js';

/** How long a mail server may be away before the email is given up and counted as failed. */
export const EMAIL_RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
const REPLY_WINDOW_MS = WHAT_IS_NEW.replyEmailWindowMinutes * 60 * 1000;

export const unsubscribePath = '/api/email/unsubscribe';

export interface EmailDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  secret: string;
  now: () => Date;
  /** The site's name in force now (the settings, read at send time: a lone worker has no event listener). */
  siteName: () => Promise<string>;
}

/** Where a notification's post, or one reply on it, opens. */
export const postLink = (publicUrl: string, postId: string, replyId?: string | null) =>
  `${publicUrl}/post/${postId}${replyId ? `#reply-${replyId}` : ''}`;

/** The footer of an email a preference lets through: the settings, and a one-click link that turns it off. */
export function emailFooter(deps: EmailDeps, userId: string, key: UnsubscribeKey, topic: string) {
  const unsubscribeUrl = `${deps.publicUrl}${unsubscribePath}?token=${unsubscribeToken(deps.secret, userId, key)}`;
  return {
    footer: { settingsUrl: `${deps.publicUrl}/settings`, unsubscribeUrl, topic },
    headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/** One email with both parts drawn from the same content. */
export async function sendEmail(
  mailer: Mailer,
  to: string,
  subject: string,
  content: EmailContent,
  headers: Record<string, string>,
): Promise<void> {
  await mailer.send({ to, subject, text: emailText(content), html: emailHtml(content), headers });
}

const replyAuthor = alias(profiles, 'reply_author');
const postAuthor = alias(profiles, 'post_author');

/**
 * Sends one notification's email, deciding at send time: a deleted account or notification sends nothing,
 * a preference turned off since skips it. A reply or mention quotes what was written, with a link to it. Replies to
 * one post are not each an email: the first opens a 15-minute window and is sent at once; those within it wait for
 * 'reply-emails-gathered', one email when the window closes. A mail server that is down throws (the queue retries)
 * until 24 hours after the notification; then the email is kept as failed. Safe to run twice.
 */
export function notificationEmailJob(deps: EmailDeps) {
  const { db, mailer, publicUrl } = deps;
  const setStatus = (id: string, status: 'sent' | 'skipped' | 'failed', error: string | null = null) =>
    db.update(notifications).set({ emailStatus: status, emailError: error }).where(eq(notifications.id, id));

  return async ({ notificationId }: { notificationId: string }, context?: JobContext) => {
    const [row] = await db
      .select({
        id: notifications.id,
        userId: notifications.userId,
        type: notifications.type,
        message: notifications.message,
        postId: notifications.postId,
        replyId: notifications.replyId,
        createdAt: notifications.createdAt,
        emailStatus: notifications.emailStatus,
        email: users.email,
        preferences: profiles.emailPreferences,
        replyContent: replies.content,
        replyAuthor: replyAuthor.username,
        postDescription: posts.description,
        postAuthor: postAuthor.username,
      })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .innerJoin(profiles, eq(profiles.id, notifications.userId))
      .leftJoin(replies, eq(replies.id, notifications.replyId))
      .leftJoin(replyAuthor, eq(replyAuthor.id, replies.userId))
      .leftJoin(posts, eq(posts.id, notifications.postId))
      .leftJoin(postAuthor, eq(postAuthor.id, posts.userId))
      .where(eq(notifications.id, notificationId))
      .limit(1);
    if (!row || row.emailStatus !== 'queued') return;
    const key = EMAIL_PREFERENCE_FOR[row.type];
    if (!key || !readEmailPreferences(row.preferences)[key]) {
      await setStatus(row.id, 'skipped');
      return;
    }
    if (row.type === 'new_reply' && row.postId && context) {
      const windowEnd = await replyWindowEnd(db, row.userId, row.postId, deps.now());
      if (windowEnd) {
        // Within the window of an email already sent: this reply waits for the one gathered email.
        const seconds = Math.max(0, (windowEnd.getTime() - deps.now().getTime()) / 1000);
        await context.send(
          'reply-emails-gathered',
          { userId: row.userId, postId: row.postId },
          { startAfterSeconds: seconds },
        );
        return;
      }
    }
    // What was written: the reply, or for a mention in a question, the question.
    const written =
      row.type === 'new_reply' || row.type === 'mention'
        ? row.replyContent !== null
          ? { author: row.replyAuthor, text: row.replyContent, url: postLink(publicUrl, row.postId!, row.replyId) }
          : row.postDescription !== null && row.type === 'mention'
            ? { author: row.postAuthor, text: row.postDescription, url: postLink(publicUrl, row.postId!) }
            : null
        : null;
    const { footer, headers } = emailFooter(deps, row.userId, key, EMAIL_PREFERENCE_TOPICS[key]);
    const site = await deps.siteName();
    const content: EmailContent = {
      site,
      heading: row.message,
      blocks: written
        ? [{ quote: { ...written, text: quoteOf(plainTextOf(written.text), WHAT_IS_NEW.emailQuoteChars) } }]
        : [],
      action: row.postId ? { label: WHAT_IS_NEW_TEXT.openPost, url: postLink(publicUrl, row.postId) } : undefined,
      footer,
    };
    try {
      await sendEmail(mailer, row.email, notificationEmailSubject(row.type, site), content, headers);
    } catch (err) {
      if (deps.now().getTime() - row.createdAt.getTime() < EMAIL_RETRY_WINDOW_MS) throw err;
      await setStatus(row.id, 'failed', err instanceof Error ? err.message : String(err));
      return;
    }
    await setStatus(row.id, 'sent');
  };
}

/**
 * Opens a reply-email window for this member and post unless one is open: null when this email opens it (send it
 * now), else when the open one closes. One statement, so two replies at once cannot both open one.
 */
async function replyWindowEnd(db: Db, userId: string, postId: string, now: Date): Promise<Date | null> {
  const opened = await db
    .insert(replyEmailWindows)
    .values({ userId, postId, startedAt: now })
    .onConflictDoUpdate({
      target: [replyEmailWindows.userId, replyEmailWindows.postId],
      set: { startedAt: now },
      setWhere: sql`${replyEmailWindows.startedAt} <= ${new Date(now.getTime() - REPLY_WINDOW_MS)}`,
    })
    .returning({ startedAt: replyEmailWindows.startedAt });
  if (opened.length > 0) return null;
  const [open] = await db
    .select({ startedAt: replyEmailWindows.startedAt })
    .from(replyEmailWindows)
    .where(and(eq(replyEmailWindows.userId, userId), eq(replyEmailWindows.postId, postId)));
  return new Date((open?.startedAt ?? now).getTime() + REPLY_WINDOW_MS);
}

/**
 * The one email for the replies that came within a window: every reply notification of this member and post still
 * waiting, listed with what each said. They are taken (marked sent) before sending, so two runs send one email;
 * a failed send gives them back for the queue's retry.
 */
export function gatheredReplyEmailJob(deps: EmailDeps) {
  const { db, mailer, publicUrl } = deps;
  return async ({ userId, postId }: { userId: string; postId: string }) => {
    const [member] = await db
      .select({ email: users.email, preferences: profiles.emailPreferences, title: posts.title })
      .from(users)
      .innerJoin(profiles, eq(profiles.id, users.id))
      .innerJoin(posts, eq(posts.id, postId))
      .where(eq(users.id, userId));
    const waiting = and(
      eq(notifications.userId, userId),
      eq(notifications.postId, postId),
      eq(notifications.type, 'new_reply'),
      eq(notifications.emailStatus, 'queued'),
    );
    if (!member || !readEmailPreferences(member.preferences).replies) {
      await db.update(notifications).set({ emailStatus: 'skipped' }).where(waiting);
      return;
    }
    const taken = await db
      .update(notifications)
      .set({ emailStatus: 'sent' })
      .where(waiting)
      .returning({ id: notifications.id, replyId: notifications.replyId, createdAt: notifications.createdAt });
    if (taken.length === 0) return;
    const replyIds = taken.map((t) => t.replyId).filter((id): id is string => id !== null);
    const written = replyIds.length
      ? await db
          .select({ id: replies.id, content: replies.content, author: profiles.username, createdAt: replies.createdAt })
          .from(replies)
          .leftJoin(profiles, eq(profiles.id, replies.userId))
          .where(sql`${replies.id} in ${replyIds}`)
          .orderBy(replies.createdAt)
      : [];
    const { footer, headers } = emailFooter(deps, userId, 'replies', EMAIL_PREFERENCE_TOPICS.replies);
    const count = taken.length;
    const site = await deps.siteName();
    const content: EmailContent = {
      site,
      heading: WHAT_IS_NEW_TEXT.gatheredHeading(count, member.title),
      blocks: [],
      sections: [
        {
          title: WHAT_IS_NEW_TEXT.gatheredList,
          items: written.map((r) => ({
            label: WHAT_IS_NEW_TEXT.replied(r.author ?? WHAT_IS_NEW_TEXT.someone),
            detail: quoteOf(plainTextOf(r.content), WHAT_IS_NEW.emailQuoteChars),
            url: postLink(publicUrl, postId, r.id),
          })),
        },
      ],
      action: { label: WHAT_IS_NEW_TEXT.openPost, url: postLink(publicUrl, postId) },
      footer,
    };
    try {
      await sendEmail(mailer, member.email, WHAT_IS_NEW_TEXT.gatheredSubject(count, site), content, headers);
    } catch (err) {
      await db
        .update(notifications)
        .set({ emailStatus: 'queued' })
        .where(sql`${notifications.id} in ${taken.map((t) => t.id)}`);
      throw err;
    }
  };
}

/** Turns one email preference off for a member (the one-click unsubscribe); false when the member is gone. */
export async function turnPreferenceOff(db: Db, userId: string, key: UnsubscribeKey): Promise<boolean> {
  const rows = await db
    .update(profiles)
    .set(
      key === 'digest'
        ? { digest: 'off' }
        : { emailPreferences: sql`${profiles.emailPreferences} || jsonb_build_object(${key}::text, false)` },
    )
    .where(eq(profiles.id, userId))
    .returning({ id: profiles.id });
  return rows.length > 0;
}
