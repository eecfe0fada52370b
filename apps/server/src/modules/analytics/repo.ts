import { sql, type SQL } from 'drizzle-orm';
import { TOPICS, type AnalyticsDay, type AnalyticsWeek, type ModerationAction, type Topic } from '@fenestra/shared';
import type { Db, Tx } from '../../db/client.js';

/** A period of whole UTC days, both ends included (YYYY-MM-DD). */
export interface Period {
  from: string;
  to: string;
}

const PUBLIC = sql`('open', 'solved')`;
// The log actions read here, checked against the shared list.
const APPROVE: ModerationAction = 'approve';
const DENY: ModerationAction = 'deny';
const CORRECTION: ModerationAction = 'override_detection';

// The period's bounds as instants: from's midnight UTC, up to (not including) the midnight after `to`. Written
// into each condition (not a CTE the planner cannot see into), so it estimates the rows a period holds.
const lo = (p: Period) => sql`(${p.from}::date)::timestamp AT TIME ZONE 'UTC'`;
const hi = (p: Period) => sql`(${p.to}::date + 1)::timestamp AT TIME ZONE 'UTC'`;
const inPeriod = (column: SQL, p: Period) => sql`${column} >= ${lo(p)} AND ${column} < ${hi(p)}`;
const utcDay = (column: SQL) => sql`(${column} AT TIME ZONE 'UTC')::date`;
const isoWeek = (column: SQL) => sql`date_trunc('week', ${column} AT TIME ZONE 'UTC')::date`;
const percent = (part: SQL, whole: SQL) => sql`CASE WHEN ${whole} > 0 THEN round(100.0 * ${part} / ${whole}, 1) END`;

/** Public posts, replies on public posts and detection corrections on every day of the period (zeros included). */
export async function dailyCounts(db: Db | Tx, p: Period): Promise<AnalyticsDay[]> {
  const { rows } = await db.execute<{ day: string; posts: number; replies: number; corrections: number }>(sql`
    WITH days AS (SELECT generate_series(${p.from}::date, ${p.to}::date, interval '1 day')::date AS day),
    new_posts AS (
      SELECT ${utcDay(sql`created_at`)} AS day, count(*)::int AS n FROM posts
      WHERE status IN ${PUBLIC} AND ${inPeriod(sql`created_at`, p)} GROUP BY 1),
    new_replies AS (
      SELECT ${utcDay(sql`r.created_at`)} AS day, count(*)::int AS n
      FROM replies r JOIN posts p ON p.id = r.post_id
      WHERE p.status IN ${PUBLIC} AND ${inPeriod(sql`r.created_at`, p)} GROUP BY 1),
    corrections AS (
      SELECT ${utcDay(sql`created_at`)} AS day, count(*)::int AS n FROM moderation_log
      WHERE action = ${CORRECTION} AND ${inPeriod(sql`created_at`, p)} GROUP BY 1)
    SELECT to_char(days.day, 'YYYY-MM-DD') AS day, coalesce(new_posts.n, 0) AS posts,
           coalesce(new_replies.n, 0) AS replies, coalesce(corrections.n, 0) AS corrections
    FROM days LEFT JOIN new_posts USING (day) LEFT JOIN new_replies USING (day) LEFT JOIN corrections USING (day)
    ORDER BY days.day`);
  return rows;
}

type WeekFigures = Omit<AnalyticsWeek, 'week' | 'start'>;
type WeekRow = { week: string | null; start: string | null } & { [K in keyof WeekFigures]: string | number | null };

const rate = (value: string | number | null) => (value === null ? null : Number(value));

/**
 * The weekly rates, and the same figures over the whole period (the row whose week is null, from the
 * grouping sets). Weeks are ISO weeks clipped to the period: only their days inside it count.
 */
export async function weeklyRates(db: Db | Tx, p: Period): Promise<{ weeks: AnalyticsWeek[]; overall: WeekFigures }> {
  const { rows } = await db.execute<WeekRow>(sql`
    WITH weeks AS (SELECT generate_series(date_trunc('week', ${p.from}::date), date_trunc('week', ${p.to}::date), interval '1 week')::date AS week),
    decisions AS (
      SELECT ${isoWeek(sql`created_at`)} AS week,
             count(*) FILTER (WHERE action = ${APPROVE})::int AS approvals,
             count(*) FILTER (WHERE action = ${DENY})::int AS denials
      FROM moderation_log
      WHERE action IN (${APPROVE}, ${DENY}) AND ${inPeriod(sql`created_at`, p)}
      GROUP BY GROUPING SETS ((1), ())),
    -- A post went public at its first approval; a post public without one (seeded, imported) at its creation.
    first_approvals AS (
      SELECT target_id, min(created_at) AS at FROM moderation_log
      WHERE action = ${APPROVE} AND target_type = 'post' GROUP BY target_id),
    made_public AS (
      SELECT ${isoWeek(sql`coalesce(a.at, p.created_at)`)} AS week,
             count(*)::int AS made_public, count(*) FILTER (WHERE p.status = 'solved')::int AS solved
      FROM posts p LEFT JOIN first_approvals a ON a.target_id = p.id::text
      WHERE (a.at IS NOT NULL OR p.status IN ${PUBLIC}) AND ${inPeriod(sql`coalesce(a.at, p.created_at)`, p)}
      GROUP BY GROUPING SETS ((1), ())),
    -- Not materialised: joined straight to the replies, the period's posts are the small side of the hash join.
    period_posts AS NOT MATERIALIZED (
      SELECT p.id, p.user_id, p.created_at FROM posts p
      WHERE p.status IN ${PUBLIC} AND ${inPeriod(sql`p.created_at`, p)}),
    first_replies AS (
      SELECT r.post_id, min(r.created_at) AS at FROM replies r JOIN period_posts p ON p.id = r.post_id
      WHERE r.user_id IS DISTINCT FROM p.user_id GROUP BY r.post_id),
    reply_times AS (
      SELECT ${isoWeek(sql`p.created_at`)} AS week, count(*)::int AS posts_created, count(fr.at)::int AS answered,
             round((percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM fr.at - p.created_at)) / 3600)::numeric, 1) AS median_hours
      FROM period_posts p LEFT JOIN first_replies fr ON fr.post_id = p.id
      GROUP BY GROUPING SETS ((1), ())),
    rows AS (SELECT week FROM weeks UNION ALL SELECT NULL::date)
    SELECT to_char(rows.week, 'IYYY-"W"IW') AS week, to_char(rows.week, 'YYYY-MM-DD') AS start,
           coalesce(d.approvals, 0) AS "approvals", coalesce(d.denials, 0) AS "denials",
           ${percent(sql`d.approvals`, sql`(d.approvals + d.denials)`)} AS "approvalRate",
           coalesce(m.made_public, 0) AS "madePublic", coalesce(m.solved, 0) AS "solved",
           ${percent(sql`m.solved`, sql`m.made_public`)} AS "solveRate",
           coalesce(f.posts_created, 0) AS "postsCreated", coalesce(f.answered, 0) AS "answered",
           f.median_hours AS "medianFirstReplyHours"
    FROM rows
    LEFT JOIN decisions d ON d.week IS NOT DISTINCT FROM rows.week
    LEFT JOIN made_public m ON m.week IS NOT DISTINCT FROM rows.week
    LEFT JOIN reply_times f ON f.week IS NOT DISTINCT FROM rows.week
    ORDER BY rows.week NULLS LAST`);
  const figures = (row: WeekRow): WeekFigures => ({
    approvals: Number(row.approvals),
    denials: Number(row.denials),
    approvalRate: rate(row.approvalRate),
    madePublic: Number(row.madePublic),
    solved: Number(row.solved),
    solveRate: rate(row.solveRate),
    postsCreated: Number(row.postsCreated),
    answered: Number(row.answered),
    medianFirstReplyHours: rate(row.medianFirstReplyHours),
  });
  const overall = rows.find((row) => row.week === null)!;
  return {
    weeks: rows
      .filter((row) => row.week !== null)
      .map((row) => ({ week: row.week!, start: row.start!, ...figures(row) })),
    overall: figures(overall),
  };
}

/** The 10 most used tags on public posts created in the period. */
export async function topTags(db: Db | Tx, p: Period): Promise<{ tag: string; posts: number }[]> {
  const { rows } = await db.execute<{ tag: string; posts: number }>(sql`
    SELECT t.tag, count(*)::int AS posts FROM post_tags t JOIN posts p ON p.id = t.post_id
    WHERE p.status IN ${PUBLIC} AND ${inPeriod(sql`p.created_at`, p)}
    GROUP BY t.tag ORDER BY posts DESC, t.tag LIMIT 10`);
  return rows;
}

/** Public posts created in the period, per topic, in the sidebar's order. */
export async function postsPerTopic(db: Db | Tx, p: Period): Promise<{ topic: Topic; posts: number }[]> {
  const { rows } = await db.execute<{ topic: Topic; posts: number }>(sql`
    SELECT topic, count(*)::int AS posts FROM posts
    WHERE status IN ${PUBLIC} AND ${inPeriod(sql`created_at`, p)} GROUP BY topic`);
  const counts = new Map(rows.map((row) => [row.topic, row.posts]));
  return TOPICS.map((topic) => ({ topic, posts: counts.get(topic) ?? 0 }));
}

export async function correctionsEver(db: Db | Tx): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM moderation_log WHERE action = ${CORRECTION}`,
  );
  return rows[0]!.n;
}
