import { and, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DetectionStatus, PostStatus, Topic } from '@fenestra/shared';
import { preparedQuery, type Db, type Tx } from '../../db/client.js';
import {
  bookmarks,
  postCounts,
  postImages,
  postTags,
  postVideos,
  postVotes,
  posts,
  profiles,
} from '../../db/schema/index.js';
import type { UploadRow } from '../uploads/service.js';
import { authorColumns, type AuthorRow } from '../../lib/author.js';
import { exactTime } from '../../lib/cursor.js';
import type { PictureRow } from '../../lib/picture-row.js';
import { keptPreview, previewSourceOf } from './previews.js';

type Conn = Db | Tx;

const postColumns = {
  id: posts.id,
  userId: posts.userId,
  topic: posts.topic,
  title: posts.title,
  status: posts.status,
  denialReason: posts.denialReason,
  createdAt: posts.createdAt,
  createdKey: exactTime(posts.createdAt),
  voteCount: posts.voteCount,
  bookmarkCount: posts.bookmarkCount,
  replyCount: posts.replyCount,
  version: posts.version,
  editedAt: posts.editedAt,
  acceptedReplyId: posts.acceptedReplyId,
  hiddenAt: posts.hiddenAt,
  // Who wrote the accepted answer ('Answered by'): read only for the rows that have one; none while it is held.
  answeredBy: sql<{
    id: string;
    username: string;
  } | null>`(SELECT json_build_object('id', ap.id, 'username', ap.username)
    FROM replies ar JOIN profiles ap ON ap.id = ar.user_id
    WHERE ar.id = ${posts.acceptedReplyId} AND ar.status = 'published')`,
  ...authorColumns,
};

/** The Markdown a card's preview is made from, and the preview kept for it (posts/previews.ts). */
const previewColumns = { description: previewSourceOf(posts.description), preview: keptPreview };

/** An image as a post's card and page show it (the columns' names in camelCase, read as JSON). */
export interface ImageRow extends PictureRow {
  altText: string | null;
  detectedObject: string | null;
  detectedCategory: string | null;
  detectedMaterial: string | null;
  detectedFinish: string | null;
  detectionConfidence: number | null;
  userConfirmedObject: string | null;
  keyFeatures: string[] | null;
  visibleText: string | null;
  detectionStatus: DetectionStatus;
}
export interface VideoRow {
  videoUrl: string;
  thumbnailUrl: string | null;
  thumbnailWidth: number | null;
  thumbnailHeight: number | null;
  thumbnailVariantWidths: number[];
  durationSeconds: number;
  fileSizeBytes: number;
  mimeType: string;
}
/** A post's tags (in the order written), images (in display order) and video. */
export interface Attachments {
  tags: string[];
  images: ImageRow[];
  video: VideoRow | null;
}

/**
 * Tags, images and video come with the post, as JSON from correlated subqueries: one round trip for a page,
 * not three more. PostgreSQL evaluates them for the rows the LIMIT keeps.
 */
const attachmentColumns = {
  // In the order they were written: the table has no order column, and its rows are never updated.
  tags: sql<
    string[]
  >`(SELECT coalesce(json_agg(t.tag ORDER BY t.ctid), '[]'::json) FROM post_tags t WHERE t.post_id = ${posts.id})`,
  images: sql<ImageRow[]>`(SELECT coalesce(json_agg(json_build_object(
    'id', i.id, 'imageUrl', i.image_url, 'displayOrder', i.display_order, 'width', i.width, 'height', i.height,
    'variantWidths', i.variant_widths, 'altText', i.alt_text,
    'detectedObject', i.detected_object, 'detectedCategory', i.detected_category, 'detectedMaterial', i.detected_material,
    'detectedFinish', i.detected_finish, 'detectionConfidence', i.detection_confidence,
    'userConfirmedObject', i.user_confirmed_object, 'keyFeatures', i.key_features, 'visibleText', i.visible_text,
    'detectionStatus', i.detection_status) ORDER BY i.display_order), '[]'::json)
    FROM post_images i WHERE i.post_id = ${posts.id})`,
  video: sql<VideoRow | null>`(SELECT json_build_object('videoUrl', v.video_url, 'thumbnailUrl', v.thumbnail_url,
    'thumbnailWidth', v.thumbnail_width, 'thumbnailHeight', v.thumbnail_height, 'thumbnailVariantWidths', v.thumbnail_variant_widths,
    'durationSeconds', v.duration_seconds, 'fileSizeBytes', v.file_size_bytes, 'mimeType', v.mime_type)
    FROM post_videos v WHERE v.post_id = ${posts.id} LIMIT 1)`,
};

export type PostRow = {
  id: string;
  userId: string | null;
  topic: Topic;
  title: string;
  status: PostStatus;
  denialReason: string | null;
  createdAt: Date;
  createdKey: string;
  voteCount: number;
  bookmarkCount: number;
  replyCount: number;
  /** Absent on rows read by other statements (search's): they read as never edited, not answered. */
  version?: number;
  editedAt?: Date | string | null;
  acceptedReplyId?: string | null;
  /** Hidden after flags (then pending review); absent on rows read by other statements. */
  hiddenAt?: Date | string | null;
  answeredBy?: { id: string; username: string } | null;
} & AuthorRow;
/**
 * A post as lists read it: the preview's source (or, for one post, the whole description), the preview kept for it
 * (null: none yet) and, mostly, its attachments.
 */
export type SummaryRow = PostRow & { description: string; preview?: string | null } & Partial<Attachments>;
export type BookmarkedRow = SummaryRow & { bookmarkId: string; bookmarkKey: string };

// ---- writing a post ----

export async function insertPost(
  tx: Tx,
  values: { userId: string; topic: Topic; title: string; description: string; status: 'pending' | 'open' },
): Promise<string> {
  const [row] = await tx.insert(posts).values(values).returning({ id: posts.id });
  return row!.id;
}

export async function insertTags(tx: Tx, postId: string, tags: string[]): Promise<void> {
  if (tags.length) await tx.insert(postTags).values(tags.map((tag) => ({ postId, tag })));
}

export async function insertImages(tx: Tx, postId: string, images: UploadRow[]): Promise<void> {
  if (!images.length) return;
  await tx.insert(postImages).values(
    images.map((upload, i) => ({
      postId,
      imageUrl: upload.publicUrl,
      displayOrder: i,
      altText: `Image ${i + 1}`,
      width: upload.width,
      height: upload.height,
      variantWidths: upload.variantWidths,
    })),
  );
}

export async function insertVideo(tx: Tx, postId: string, video: UploadRow): Promise<void> {
  await tx.insert(postVideos).values({
    postId,
    videoUrl: video.publicUrl,
    thumbnailUrl: video.thumbnailUrl,
    thumbnailWidth: video.width,
    thumbnailHeight: video.height,
    thumbnailVariantWidths: video.variantWidths,
    durationSeconds: video.durationSeconds ?? 0,
    fileSizeBytes: video.bytes,
    mimeType: video.mimeType,
    displayOrder: 0,
  });
}

// ---- reading ----

export const PUBLIC_STATUSES: PostStatus[] = ['open', 'solved'];
export const isPublicStatus = sql`${posts.status} in ('open', 'solved')`;
export const hasVideo = sql`exists (select 1 from ${postVideos} where ${postVideos.postId} = ${posts.id})`;

/** A post's columns as cards read them (posts joined to profiles on the author). */
export const summaryColumns = { ...postColumns, ...previewColumns, ...attachmentColumns };

/**
 * A page of posts as cards show them, with their attachments: `where` selects (cursor included), `orderBy` orders; the
 * caller asks for one extra row. `total`: a count read in the same statement, on every row (once: an InitPlan).
 */
export function selectPosts(db: Conn, where: SQL | undefined, orderBy: SQL[], limit: number, total?: SQLWrapper) {
  return db
    .select({ ...summaryColumns, ...(total ? { total: sql<number>`(${total})` } : {}) })
    .from(posts)
    .leftJoin(profiles, eq(profiles.id, posts.userId))
    .where(where)
    .orderBy(...orderBy)
    .limit(limit);
}

/** Posts in these statuses (and topic, a placeholder when given), from the counts a trigger keeps. */
export function countByStatus(db: Conn, statuses: PostStatus[], topic: SQLWrapper | undefined) {
  return db
    .select({ n: sql<number>`coalesce(sum(${postCounts.n}), 0)::int` })
    .from(postCounts)
    .where(and(inArray(postCounts.status, statuses), topic ? eq(postCounts.topic, topic) : undefined));
}

/**
 * Whether a tag is on few posts (its rows in post_tags, any status: at most √(`few` × public posts), read no further
 * than one past that) and then how many posts `where` counts among them (its tag condition reads the tag's posts
 * first); `n` is null for a tag on many.
 */
export function tagSize(db: Conn, where: SQL, tag: SQLWrapper, few: number) {
  const most = sql`(SELECT floor(sqrt(${sql.raw(String(few))} * coalesce(sum(${postCounts.n}), 0)))::int
    FROM ${postCounts} WHERE ${postCounts.status} IN ('open', 'solved'))`;
  return db
    .select({
      n: sql<number | null>`CASE WHEN s.tagged <= s.most THEN (SELECT count(*)::int FROM ${posts} WHERE ${where}) END`,
    })
    .from(
      sql`(SELECT ${most} AS most,
        (SELECT count(*)::int FROM (SELECT FROM ${postTags} t WHERE lower(t.tag) = ${tag} LIMIT ${most} + 1) x) AS tagged) s`,
    );
}

export function countPosts(db: Conn, where: SQL | undefined) {
  return db
    .select({ n: sql<number>`count(*)::int` })
    .from(posts)
    .where(where);
}

/** A member's bookmarked posts, newest bookmark first; `where` also sees the bookmarks table. */
export async function selectBookmarked(
  db: Conn,
  userId: string,
  where: SQL | undefined,
  limit: number,
): Promise<BookmarkedRow[]> {
  return db
    .select({
      ...postColumns,
      ...previewColumns,
      ...attachmentColumns,
      bookmarkId: bookmarks.id,
      bookmarkKey: exactTime(bookmarks.createdAt),
    })
    .from(bookmarks)
    .innerJoin(posts, eq(posts.id, bookmarks.postId))
    .leftJoin(profiles, eq(profiles.id, posts.userId))
    .where(and(eq(bookmarks.userId, userId), where))
    .orderBy(sql`${bookmarks.createdAt} desc nulls last`, sql`${bookmarks.id} desc nulls last`)
    .limit(limit) as Promise<BookmarkedRow[]>;
}

export async function countBookmarked(db: Conn, userId: string, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(bookmarks)
    .innerJoin(posts, eq(posts.id, bookmarks.postId))
    .where(and(eq(bookmarks.userId, userId), where));
  return row?.n ?? 0;
}

/** One post with its whole description and attachments, by the placeholder `id` (prepare it: it is read on every page). */
export function findPostStatement(db: Db) {
  return db
    .select({ ...postColumns, description: posts.description, ...attachmentColumns })
    .from(posts)
    .leftJoin(profiles, eq(profiles.id, posts.userId))
    .where(eq(posts.id, sql.placeholder('id')))
    .limit(1);
}

/** Of these posts, their attachments (for rows read without them, as search's): one query. */
export async function loadAttachments(db: Conn, postIds: string[]): Promise<Map<string, Attachments>> {
  if (postIds.length === 0) return new Map();
  const rows = await db
    .select({ id: posts.id, ...attachmentColumns })
    .from(posts)
    .where(inArray(posts.id, postIds));
  return new Map(rows.map(({ id, ...attachments }) => [id, attachments]));
}

const marksQuery = preparedQuery<{ post_id: string; liked: boolean }>(
  'member_marks',
  `
  SELECT post_id, true AS liked FROM post_votes WHERE user_id = $1 AND post_id = ANY($2::uuid[])
  UNION ALL
  SELECT post_id, false AS liked FROM bookmarks WHERE user_id = $1 AND post_id = ANY($2::uuid[])`,
);

/** The member's likes and bookmarks among these posts: one indexed query. */
export async function memberMarks(
  db: Db,
  userId: string,
  postIds: string[],
): Promise<{ liked: Set<string>; bookmarked: Set<string> }> {
  const liked = new Set<string>();
  const bookmarked = new Set<string>();
  if (postIds.length === 0) return { liked, bookmarked };
  for (const row of await marksQuery(db, [userId, postIds])) (row.liked ? liked : bookmarked).add(row.post_id);
  return { liked, bookmarked };
}

// ---- likes and bookmarks ----

/** Locks the post row for a counter change; null when the post is missing. Toggles on one post take turns. */
export async function lockPostStatus(tx: Tx, postId: string): Promise<PostStatus | null> {
  const rows = await tx.select({ status: posts.status }).from(posts).where(eq(posts.id, postId)).for('no key update');
  return rows[0]?.status ?? null;
}

/** Removes the like if there is one, else adds it; the counter moves by the rows changed. */
export async function toggleVote(tx: Tx, postId: string, userId: string): Promise<{ active: boolean; count: number }> {
  const removed = await tx
    .delete(postVotes)
    .where(and(eq(postVotes.postId, postId), eq(postVotes.userId, userId)))
    .returning({ postId: postVotes.postId });
  const added = removed.length
    ? []
    : await tx
        .insert(postVotes)
        .values({ postId, userId, voteType: 1 })
        .onConflictDoNothing()
        .returning({ postId: postVotes.postId });
  const delta = added.length - removed.length;
  const [row] = await tx
    .update(posts)
    .set({ voteCount: sql`${posts.voteCount} + ${delta}` })
    .where(eq(posts.id, postId))
    .returning({ count: posts.voteCount });
  return { active: added.length > 0, count: row!.count };
}

export async function toggleBookmark(
  tx: Tx,
  postId: string,
  userId: string,
): Promise<{ active: boolean; count: number }> {
  const removed = await tx
    .delete(bookmarks)
    .where(and(eq(bookmarks.postId, postId), eq(bookmarks.userId, userId)))
    .returning({ id: bookmarks.id });
  const added = removed.length
    ? []
    : await tx.insert(bookmarks).values({ postId, userId }).onConflictDoNothing().returning({ id: bookmarks.id });
  const delta = added.length - removed.length;
  const [row] = await tx
    .update(posts)
    .set({ bookmarkCount: sql`${posts.bookmarkCount} + ${delta}` })
    .where(eq(posts.id, postId))
    .returning({ count: posts.bookmarkCount });
  return { active: added.length > 0, count: row!.count };
}

/** Of these posts, the ids a viewer may see: public ones, and for staff or their author the others too. */
export async function visiblePostIds(
  db: Conn,
  viewer: { id: string; isStaff: boolean } | null,
  ids: string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const mayAlsoSee = viewer?.isStaff ? sql`true` : viewer ? eq(posts.userId, viewer.id) : sql`false`;
  const rows = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(inArray(posts.id, ids), sql`(${posts.status} in ('open', 'solved') or ${mayAlsoSee})`));
  return rows.map((r) => r.id);
}
