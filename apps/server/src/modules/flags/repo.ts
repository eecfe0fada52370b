import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FlagOnItem, FlagReason, FlaggedItem, FlagTargetType, TrustLevel } from '@fenestra/shared';
import type { Db, Tx } from '../../db/client.js';
import { flags, posts, replies } from '../../db/schema/index.js';

type Conn = Db | Tx;

/** What was flagged, locked for the change: its author, the question it is on, and whether everyone sees it. */
export interface FlagTarget {
  type: FlagTargetType;
  id: string;
  postId: string;
  postTitle: string;
  authorId: string | null;
  /** Everyone may see it (a public question; a published reply on one). */
  isPublic: boolean;
  /** Hidden after flags or by staff (a reply hidden, or pending again after its author's edit; a question hidden). */
  isHidden: boolean;
}

export async function lockTarget(tx: Tx, type: FlagTargetType, id: string): Promise<FlagTarget | null> {
  if (type === 'post') {
    const rows = await tx
      .select({
        id: posts.id,
        title: posts.title,
        userId: posts.userId,
        status: posts.status,
        hiddenAt: posts.hiddenAt,
      })
      .from(posts)
      .where(eq(posts.id, id))
      .for('update');
    const p = rows[0];
    if (!p) return null;
    return {
      type,
      id: p.id,
      postId: p.id,
      postTitle: p.title,
      authorId: p.userId,
      isPublic: p.status === 'open' || p.status === 'solved',
      isHidden: p.hiddenAt !== null,
    };
  }
  const found = await tx.select({ postId: replies.postId }).from(replies).where(eq(replies.id, id));
  if (!found[0]) return null;
  // The post first, as every other change to its replies does, then the reply.
  const [post] = await tx
    .select({ id: posts.id, title: posts.title, status: posts.status })
    .from(posts)
    .where(eq(posts.id, found[0].postId))
    .for('no key update');
  const [reply] = await tx
    .select({ id: replies.id, userId: replies.userId, status: replies.status })
    .from(replies)
    .where(eq(replies.id, id))
    .for('update');
  if (!post || !reply) return null;
  return {
    type,
    id: reply.id,
    postId: post.id,
    postTitle: post.title,
    authorId: reply.userId,
    isPublic: reply.status === 'published' && (post.status === 'open' || post.status === 'solved'),
    isHidden: reply.status !== 'published',
  };
}

/** The member's flag; false when they flagged it before. */
export async function insertFlag(
  tx: Tx,
  flag: { target: FlagTarget; userId: string; reason: FlagReason; note: string | null; weight: number },
): Promise<boolean> {
  const rows = await tx
    .insert(flags)
    .values({
      targetType: flag.target.type,
      targetId: flag.target.id,
      postId: flag.target.postId,
      targetAuthorId: flag.target.authorId,
      userId: flag.userId,
      reason: flag.reason,
      note: flag.note,
      weight: flag.weight,
    })
    .onConflictDoNothing()
    .returning({ id: flags.id });
  return rows.length > 0;
}

/** The weight of the open flags on an item. */
export async function openWeight(tx: Tx, target: FlagTarget): Promise<number> {
  const [row] = await tx
    .select({ weight: sql<number>`coalesce(sum(${flags.weight}), 0)::int` })
    .from(flags)
    .where(and(eq(flags.targetType, target.type), eq(flags.targetId, target.id), eq(flags.status, 'open')));
  return row?.weight ?? 0;
}

/** Decides every open flag on an item; returns the flaggers. */
export async function resolveFlags(
  tx: Tx,
  target: FlagTarget,
  status: 'dismissed' | 'upheld',
  now: Date,
): Promise<string[]> {
  const rows = await tx
    .update(flags)
    .set({ status, resolvedAt: now })
    .where(and(eq(flags.targetType, target.type), eq(flags.targetId, target.id), eq(flags.status, 'open')))
    .returning({ userId: flags.userId });
  return rows.map((r) => r.userId);
}

/** Hides a published reply (no longer counted on its question); false when it was not published. */
export async function hideReply(tx: Tx, target: FlagTarget): Promise<boolean> {
  const rows = await tx
    .update(replies)
    .set({ status: 'hidden' })
    .where(and(eq(replies.id, target.id), eq(replies.status, 'published')))
    .returning({ id: replies.id });
  if (!rows.length) return false;
  await tx
    .update(posts)
    .set({ replyCount: sql`greatest(${posts.replyCount} - 1, 0)` })
    .where(eq(posts.id, target.postId));
  return true;
}

/** A hidden (or re-submitted) reply shown again, counted again. */
export async function restoreReply(tx: Tx, target: FlagTarget): Promise<boolean> {
  const rows = await tx
    .update(replies)
    .set({ status: 'published' })
    .where(and(eq(replies.id, target.id), inArray(replies.status, ['hidden', 'pending'])))
    .returning({ id: replies.id });
  if (!rows.length) return false;
  await tx
    .update(posts)
    .set({ replyCount: sql`${posts.replyCount} + 1` })
    .where(eq(posts.id, target.postId));
  return true;
}

/** A public question hidden: pending review, remembering the status it left; returns that status, or null. */
export async function hidePost(tx: Tx, target: FlagTarget, now: Date): Promise<string | null> {
  const rows = await tx.execute<{ hidden_from: string }>(sql`
    UPDATE posts SET hidden_from = status, status = 'pending', hidden_at = ${now.toISOString()}::timestamptz
    WHERE id = ${target.id} AND status IN ('open', 'solved')
    RETURNING hidden_from`);
  return rows.rows[0]?.hidden_from ?? null;
}

/** A hidden question back to the status it left; false when it is not hidden (staff decided it meanwhile). */
export async function restorePost(tx: Tx, target: FlagTarget): Promise<boolean> {
  const rows = await tx.execute(sql`
    UPDATE posts SET status = coalesce(hidden_from, 'open'), hidden_at = NULL, hidden_from = NULL
    WHERE id = ${target.id} AND hidden_at IS NOT NULL AND status = 'pending'
    RETURNING id`);
  return rows.rows.length > 0;
}

/** Flagged items with open flags whose question or reply still exists, oldest flag first. */
export async function openItems(db: Conn, limit: number): Promise<FlaggedItem[]> {
  const { rows } = await db.execute<{
    target_type: FlagTargetType;
    target_id: string;
    post_id: string;
    post_title: string;
    content: string;
    author_id: string | null;
    author_username: string | null;
    hidden: boolean;
    flags: {
      id: string;
      reason: FlagReason;
      note: string | null;
      created_at: string;
      user_id: string | null;
      username: string | null;
      trust_level: number | null;
    }[];
  }>(sql`
    WITH open AS (
      SELECT f.target_type, f.target_id, min(f.created_at) AS first,
             json_agg(json_build_object('id', f.id, 'reason', f.reason, 'note', f.note, 'created_at', f.created_at,
               'user_id', f.user_id, 'username', fp.username, 'trust_level', fp.trust_level) ORDER BY f.created_at) AS flags
      FROM flags f LEFT JOIN profiles fp ON fp.id = f.user_id
      WHERE f.status = 'open'
      GROUP BY f.target_type, f.target_id
    )
    SELECT o.target_type, o.target_id, o.flags,
           coalesce(p.id, rp.id) AS post_id, coalesce(p.title, rp.title) AS post_title,
           CASE WHEN o.target_type = 'post' THEN p.description ELSE r.content END AS content,
           ap.id AS author_id, ap.username AS author_username,
           CASE WHEN o.target_type = 'post' THEN p.hidden_at IS NOT NULL ELSE r.status <> 'published' END AS hidden
    FROM open o
    LEFT JOIN posts p ON o.target_type = 'post' AND p.id = o.target_id
    LEFT JOIN replies r ON o.target_type = 'reply' AND r.id = o.target_id
    LEFT JOIN posts rp ON rp.id = r.post_id
    LEFT JOIN profiles ap ON ap.id = CASE WHEN o.target_type = 'post' THEN p.user_id ELSE r.user_id END
    WHERE p.id IS NOT NULL OR r.id IS NOT NULL
    ORDER BY o.first
    LIMIT ${limit}`);
  return rows.map((r) => ({
    targetType: r.target_type,
    targetId: r.target_id,
    postId: r.post_id,
    postTitle: r.post_title,
    content: r.content,
    author: { id: r.author_id, username: r.author_username ?? 'Unknown' },
    hidden: r.hidden,
    flags: r.flags.map((f): FlagOnItem => ({
      id: f.id,
      reason: f.reason,
      note: f.note,
      createdAt: new Date(f.created_at).toISOString(),
      flagger: { id: f.user_id, username: f.username ?? 'Unknown', trustLevel: (f.trust_level ?? 0) as TrustLevel },
    })),
  }));
}

/** The author of an item with open flags (null: deleted account); undefined when nothing on it is open. */
export async function openAuthor(db: Conn, type: FlagTargetType, id: string): Promise<string | null | undefined> {
  const { rows } = await db.execute<{ author_id: string | null }>(sql`
    SELECT CASE WHEN f.target_type = 'post' THEN (SELECT user_id FROM posts WHERE id = f.target_id)
                ELSE (SELECT user_id FROM replies WHERE id = f.target_id) END AS author_id
    FROM flags f WHERE f.target_type = ${type} AND f.target_id = ${id} AND f.status = 'open' LIMIT 1`);
  return rows.length ? rows[0]!.author_id : undefined;
}
