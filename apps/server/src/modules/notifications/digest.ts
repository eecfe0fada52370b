import { sql } from 'drizzle-orm';
import {
  TOPIC_LABELS,
  WHAT_IS_NEW,
  WHAT_IS_NEW_TEXT,
  DIGEST_TOPIC,
  type DigestFrequency,
  type Topic,
} from '@fenestra/shared';
import type { Db, Tx } from '../../db/client.js';
import { digestSends } from '../../db/schema/index.js';
import { sendInTransaction } from '../../lib/jobs.js';
import { emailFooter, postLink, type EmailDeps } from './email.js';
import { emailHtml, emailText, type EmailContent } from './email-layout.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The period a digest belongs to: a UTC day, or an ISO week ('weekly:2026-W48'). */
export function digestPeriod(frequency: 'daily' | 'weekly', now: Date): string {
  if (frequency === 'daily') return `daily:${now.toISOString().slice(0, 10)}`;
  // ISO week: the week of the Thursday of this week.
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / DAY_MS + 1) / 7);
  return `weekly:${day.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

type DigestQuestion = {
  id: string;
  title: string;
  topic: Topic;
  reply_count: number;
  vote_count: number;
};

/** Members read a page at a time (keyset on the id): an hourly run over a large forum holds no long list. */
export const DIGEST_BATCH = 500;

type Recipient = { id: string; email: string; frequency: 'daily' | 'weekly' };

/**
 * One page of members after `after` (by id), with who gets a digest now and how often: the frequency they chose,
 * else (DESIGN.md) weekly for members away 7 days and off for the others. A visit is a session used (refreshed
 * daily) or a post opened. Members whose period is already claimed are left out here, so the hourly runs after a
 * period's first one read a page of ids and send nothing. `last` is the page's last id (null: no more members).
 */
async function recipientsPage(db: Db, now: Date, after: string | null, batch: number) {
  const awaySince = new Date(now.getTime() - WHAT_IS_NEW.digestAwayDays * DAY_MS);
  const result = await db.execute<{ id: string; email: string; frequency: DigestFrequency; claimed: boolean }>(sql`
    WITH page AS (
      SELECT p.id, p.digest, p.created_at FROM profiles p
      WHERE p.status = 'active' ${after ? sql`AND p.id > ${after}` : sql``}
      ORDER BY p.id LIMIT ${batch}
    ), chosen AS (
      SELECT page.id, coalesce(page.digest, CASE WHEN greatest(
          page.created_at,
          (SELECT max(s.updated_at) FROM sessions s WHERE s.user_id = page.id),
          (SELECT max(r.opened_at) FROM post_reads r WHERE r.user_id = page.id)
        ) < ${awaySince} THEN 'weekly' ELSE 'off' END) AS frequency
      FROM page
    )
    SELECT c.id, u.email, c.frequency, EXISTS (
        SELECT 1 FROM digest_sends d WHERE d.user_id = c.id AND d.period = CASE c.frequency
          WHEN 'daily' THEN ${digestPeriod('daily', now)} ELSE ${digestPeriod('weekly', now)} END
      ) AS claimed
    FROM chosen c JOIN users u ON u.id = c.id
    ORDER BY c.id`);
  const rows = result.rows;
  return {
    last: rows.length < batch ? null : rows.at(-1)!.id,
    members: rows.filter((r) => r.frequency !== 'off' && !r.claimed) as Recipient[],
  };
}

/**
 * What one member's digest lists: the best public questions of the period in their topics (those they asked or
 * replied in; every topic for a member who has done neither), and open questions without a reply in the topics they
 * answer in, which they might know. Never their own questions, never hidden ones.
 */
export async function digestContent(tx: Db | Tx, userId: string, since: Date) {
  const topics = await tx.execute<{ topic: Topic; replied: boolean }>(sql`
    SELECT topic, bool_or(replied) AS replied FROM (
      SELECT topic, false AS replied FROM posts WHERE user_id = ${userId}
      UNION ALL
      SELECT p.topic, true FROM replies r JOIN posts p ON p.id = r.post_id WHERE r.user_id = ${userId}
    ) t GROUP BY topic`);
  const mine = topics.rows.map((r) => r.topic);
  const answered = topics.rows.filter((r) => r.replied).map((r) => r.topic);
  const inTopics = (list: Topic[]) =>
    list.length
      ? sql`AND topic::text IN (${sql.join(
          list.map((t) => sql`${t}`),
          sql`, `,
        )})`
      : sql``;
  const best = await tx.execute<DigestQuestion>(sql`
    SELECT id, title, topic, reply_count, vote_count FROM posts
    WHERE status IN ('open', 'solved') AND hidden_at IS NULL AND created_at >= ${since}
      AND user_id IS DISTINCT FROM ${userId} ${inTopics(mine)}
    ORDER BY vote_count DESC, reply_count DESC, bookmark_count DESC, created_at DESC, id
    LIMIT ${WHAT_IS_NEW.digestQuestions}`);
  const bestIds = best.rows.map((r) => r.id);
  const unanswered = await tx.execute<DigestQuestion>(sql`
    SELECT id, title, topic, reply_count, vote_count FROM posts
    WHERE status = 'open' AND hidden_at IS NULL AND reply_count = 0
      AND user_id IS DISTINCT FROM ${userId} ${inTopics(answered.length ? answered : mine)}
      ${
        bestIds.length
          ? sql`AND id NOT IN (${sql.join(
              bestIds.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})`
          : sql``
      }
    ORDER BY created_at DESC, id
    LIMIT ${WHAT_IS_NEW.digestQuestions}`);
  return { best: best.rows, unanswered: unanswered.rows };
}

/**
 * The scheduled digest run: for each member whose period has no digest yet, a row claims the period and the email is
 * queued in the same transaction, so any number of runs (several instances, a retried job) send one a period.
 * A period with nothing to list is claimed and sends nothing.
 */
export async function sendDigests(deps: EmailDeps, opts: { batch?: number } = {}): Promise<{ sent: number }> {
  const now = deps.now();
  const batch = opts.batch ?? DIGEST_BATCH;
  const site = await deps.siteName();
  let sent = 0;
  let after: string | null = null;
  do {
    const page = await recipientsPage(deps.db, now, after, batch);
    after = page.last;
    for (const member of page.members) if (await sendDigest(deps, member, now, site)) sent++;
  } while (after);
  return { sent };
}

/** One member's digest for the period: claimed and queued in one transaction; false when claimed already or empty. */
async function sendDigest(deps: EmailDeps, member: Recipient, now: Date, site: string): Promise<boolean> {
  const since = new Date(now.getTime() - (member.frequency === 'daily' ? 1 : 7) * DAY_MS);
  return deps.db.transaction(async (tx) => {
    const claimed = await tx
      .insert(digestSends)
      .values({ userId: member.id, period: digestPeriod(member.frequency, now), claimedAt: now })
      .onConflictDoNothing()
      .returning({ userId: digestSends.userId });
    if (claimed.length === 0) return false;
    const { best, unanswered } = await digestContent(tx, member.id, since);
    if (best.length === 0 && unanswered.length === 0) return false;
    const item = (q: DigestQuestion) => ({
      label: q.title,
      detail: WHAT_IS_NEW_TEXT.digestQuestionDetail(TOPIC_LABELS[q.topic], q.reply_count, q.vote_count),
      url: postLink(deps.publicUrl, q.id),
    });
    const { footer, headers } = emailFooter(deps, member.id, 'digest', DIGEST_TOPIC);
    const content: EmailContent = {
      site,
      heading: WHAT_IS_NEW_TEXT.digestHeading(member.frequency, site),
      blocks: [],
      sections: [
        ...(best.length ? [{ title: WHAT_IS_NEW_TEXT.digestBest, items: best.map(item) }] : []),
        ...(unanswered.length ? [{ title: WHAT_IS_NEW_TEXT.digestUnanswered, items: unanswered.map(item) }] : []),
      ],
      action: { label: WHAT_IS_NEW_TEXT.digestAction(site), url: deps.publicUrl },
      footer,
    };
    await sendInTransaction(tx, 'send-email', {
      to: member.email,
      subject: WHAT_IS_NEW_TEXT.digestSubject(member.frequency, site),
      text: emailText(content),
      html: emailHtml(content),
      headers,
    });
    return true;
  });
}
