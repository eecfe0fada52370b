import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { profiles } from '../../db/schema/index.js';
import type { TrustRules } from '@fenestra/shared';
import { upheldFlagWindow } from './levels.js';

type Conn = Db | Tx;

export interface HistoryRow {
  id: string;
  username: string;
  signedUpAt: Date;
  trustLevel: number;
  trustReason: string;
  approvedQuestions: number;
  replies: number;
  helpfulMarks: number;
  acceptedAnswers: number;
  upheldFlags: number;
}

/**
 * Unlocked members' histories counted from the rows at `now`: one member's (`userId`), or a page of them by id after
 * `after` (the job reads the forum a page at a time).
 */
export async function histories(
  db: Conn,
  now: Date,
  rules: TrustRules,
  which: { userId: string } | { after: string | null; limit: number },
): Promise<HistoryRow[]> {
  const since = upheldFlagWindow(now, rules);
  const { rows } = await db.execute<{
    id: string;
    username: string;
    created_at: Date | string;
    trust_level: number;
    trust_reason: string;
    approved_questions: number;
    replies: number;
    helpful_marks: number;
    accepted_answers: number;
    upheld_flags: number;
  }>(sql`
    SELECT p.id, p.username, p.created_at, p.trust_level, p.trust_reason,
      (SELECT count(*)::int FROM posts q WHERE q.user_id = p.id AND q.status IN ('open', 'solved')) AS approved_questions,
      (SELECT count(*)::int FROM replies r JOIN posts q ON q.id = r.post_id
        WHERE r.user_id = p.id AND r.status = 'published' AND q.status IN ('open', 'solved')) AS replies,
      (SELECT coalesce(sum(r.helpful_count), 0)::int FROM replies r
        WHERE r.user_id = p.id AND r.status = 'published') AS helpful_marks,
      (SELECT count(*)::int FROM posts q JOIN replies r ON r.id = q.accepted_reply_id
        WHERE r.user_id = p.id AND q.status = 'solved') AS accepted_answers,
      (SELECT count(*)::int FROM flags f
        WHERE f.target_author_id = p.id AND f.status = 'upheld' AND f.resolved_at > ${since.toISOString()}::timestamptz) AS upheld_flags
    FROM profiles p
    WHERE NOT p.trust_locked ${
      'userId' in which
        ? sql`AND p.id = ${which.userId}`
        : sql`${which.after === null ? sql`` : sql`AND p.id > ${which.after}`} ORDER BY p.id LIMIT ${which.limit}`
    }`);
  return rows.map((r) => ({
    id: r.id,
    username: r.username,
    signedUpAt: new Date(r.created_at),
    trustLevel: r.trust_level,
    trustReason: r.trust_reason,
    approvedQuestions: r.approved_questions,
    replies: r.replies,
    helpfulMarks: r.helpful_marks,
    acceptedAnswers: r.accepted_answers,
    upheldFlags: r.upheld_flags,
  }));
}

/** The job's write: only while the member is still unlocked (a staff lock in between wins). */
export async function setComputedLevel(db: Conn, userId: string, level: number, reason: string): Promise<void> {
  await db
    .update(profiles)
    .set({ trustLevel: level, trustReason: reason })
    .where(and(eq(profiles.id, userId), eq(profiles.trustLocked, false)));
}

export async function setLock(
  tx: Tx,
  userId: string,
  lock: { level: number; locked: boolean; reason: string },
): Promise<void> {
  await tx
    .update(profiles)
    .set({ trustLevel: lock.level, trustLocked: lock.locked, trustReason: lock.reason })
    .where(eq(profiles.id, userId));
}
