import { and, asc, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PostStatus, Topic } from '@fenestra/shared';
import { preparedQuery, type Db, type Tx } from '../../db/client.js';
import { bookmarks, postCounts, postImages, postTags, postVideos, postVotes, posts, profiles } from '../../db/schema/index.js';
import type { UploadRow } from '../uploads/repo.js';

type Conn = Db | Tx;

/** A timestamp as text with microseconds, so a keyset cursor loses nothing (a JS Date keeps milliseconds). */
export const exactTime = (column: SQLWrapper) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

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
  authorId: profiles.id,
  authorUsername: profiles.username,
  authorAvatarUrl: profiles.avatarUrl,
};

/** One more character than the preview shows, so the caller knows whether it was cut. */
const previewSource = sql<string>`left(${posts.description}, 201)`;

export type PostRow = {
  id: string; userId: string | null; topic: Topic; title: string; status: PostStatus; denialReason: string | null;
  createdAt: Date; createdKey: string; voteCount: number; bookmarkCount: number; replyCount: number;
  authorId: string | null; authorUsername: string | null; authorAvatarUrl: string | null;
};
export type SummaryRow = PostRow & { description: string };
export type BookmarkedRow = SummaryRow & { bookmarkId: string; bookmarkKey: string };

// ---- writing a post ----

export async function insertPost(tx: Tx, values: { userId: string; topic: Topic; title: string; description: string }): Promise<string> {
  const [row] = await tx.insert(posts).values({ ...values, status: 'pending' }).returning({ id: posts.id });
  return row!.id;
}

export async function insertTags(tx: Tx, postId: string, tags: string[]): Promise<void> {
  if (tags.length) await tx.insert(postTags).values(tags.map((tag) => ({ postId, tag })));
}

export async function insertImages(tx: Tx, postId: string, images: UploadRow[]): Promise<void> {
  if (!images.length) return;
  await tx.insert(postImages).values(images.map((upload, i) => ({
    postId, imageUrl: upload.publicUrl, displayOrder: i, altText: `Image ${i + 1}`,
  })));
}

export async function insertVideo(tx: Tx, postId: string, video: UploadRow): Promise<void> {
  await tx.insert(postVideos).values({
    postId,
    videoUrl: video.publicUrl,
    thumbnailUrl: video.thumbnailUrl,
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

/** A page of posts: `where` selects (cursor included), `orderBy` orders; the caller asks for one extra row. */
export async function selectPosts(db: Conn, where: SQL | undefined, orderBy: SQL[], limit: number): Promise<SummaryRow[]> {
  return db.select({ ...postColumns, description: previewSource })
    .from(posts)
    .leftJoin(profiles, eq(profiles.id, posts.userId))
    .where(where)
    .orderBy(...orderBy)
    .limit(limit) as Promise<SummaryRow[]>;
}

/** Posts in these statuses (and topic), from the counts a trigger keeps. */
export async function countByStatus(db: Conn, statuses: PostStatus[], topic: Topic | null): Promise<number> {
  const [row] = await db.select({ n: sql<number>`coalesce(sum(${postCounts.n}), 0)::int` }).from(postCounts)
    .where(and(inArray(postCounts.status, statuses), topic ? eq(postCounts.topic, topic) : undefined));
  return row?.n ?? 0;
}

export async function countPosts(db: Conn, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(posts).where(where);
  return row?.n ?? 0;
}

/** A member's bookmarked posts, newest bookmark first; `where` also sees the bookmarks table. */
export async function selectBookmarked(db: Conn, userId: string, where: SQL | undefined, limit: number): Promise<BookmarkedRow[]> {
  return db.select({
    ...postColumns,
    description: previewSource,
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
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(bookmarks)
    .innerJoin(posts, eq(posts.id, bookmarks.postId))
    .where(and(eq(bookmarks.userId, userId), where));
  return row?.n ?? 0;
}

export async function findPost(db: Conn, id: string): Promise<(PostRow & { description: string }) | null> {
  const rows = await db.select({ ...postColumns, description: posts.description })
    .from(posts)
    .leftJoin(profiles, eq(profiles.id, posts.userId))
    .where(eq(posts.id, id))
    .limit(1);
  return (rows[0] as (PostRow & { description: string }) | undefined) ?? null;
}

export type ImageRow = typeof postImages.$inferSelect;
export type VideoRow = typeof postVideos.$inferSelect;

/** Tags, images, videos and the viewer's likes and bookmarks for a page of posts: five queries, whatever its size. */
export async function loadAttachments(db: Conn, postIds: string[], viewerId: string | null) {
  if (postIds.length === 0) {
    return { tags: [], images: [], videos: [], liked: new Set<string>(), bookmarked: new Set<string>() };
  }
  const [tags, images, videos, liked, marked] = await Promise.all([
    // Tags in the order they were written: the table has no order column, and its rows are never updated.
    db.select().from(postTags).where(inArray(postTags.postId, postIds)).orderBy(asc(postTags.postId), asc(sql`ctid`)),
    db.select({
      id: postImages.id, postId: postImages.postId, imageUrl: postImages.imageUrl, displayOrder: postImages.displayOrder,
      altText: postImages.altText, detectedObject: postImages.detectedObject, detectedCategory: postImages.detectedCategory,
      detectedMaterial: postImages.detectedMaterial, detectedFinish: postImages.detectedFinish,
      detectionConfidence: postImages.detectionConfidence, userConfirmedObject: postImages.userConfirmedObject,
      keyFeatures: postImages.keyFeatures, visibleText: postImages.visibleText, detectionStatus: postImages.detectionStatus,
    }).from(postImages).where(inArray(postImages.postId, postIds)).orderBy(asc(postImages.postId), asc(postImages.displayOrder)),
    db.select().from(postVideos).where(inArray(postVideos.postId, postIds)),
    viewerId
      ? db.select({ postId: postVotes.postId }).from(postVotes).where(and(eq(postVotes.userId, viewerId), inArray(postVotes.postId, postIds)))
      : Promise.resolve([]),
    viewerId
      ? db.select({ postId: bookmarks.postId }).from(bookmarks).where(and(eq(bookmarks.userId, viewerId), inArray(bookmarks.postId, postIds)))
      : Promise.resolve([]),
  ]);
  return {
    tags,
    images,
    videos,
    liked: new Set(liked.map((r) => r.postId)),
    bookmarked: new Set(marked.map((r) => r.postId)),
  };
}

const marksQuery = preparedQuery<{ post_id: string; liked: boolean }>('member_marks', `
  SELECT post_id, true AS liked FROM post_votes WHERE user_id = $1 AND post_id = ANY($2::uuid[])
  UNION ALL
  SELECT post_id, false AS liked FROM bookmarks WHERE user_id = $1 AND post_id = ANY($2::uuid[])`);

/** The member's likes and bookmarks among these posts: one indexed query. */
export async function memberMarks(db: Db, userId: string, postIds: string[]): Promise<{ liked: Set<string>; bookmarked: Set<string> }> {
  const liked = new Set<string>();
  const bookmarked = new Set<string>();
  if (postIds.length === 0) return { liked, bookmarked };
  for (const row of await marksQuery(db, [userId, postIds])) (row.liked ? liked : bookmarked).add(row.post_id);
  return { liked, bookmarked };
}

export async function firstImageUrl(db: Conn, postId: string): Promise<string | null> {
  const rows = await db.select({ url: postImages.imageUrl }).from(postImages)
    .where(eq(postImages.postId, postId)).orderBy(asc(postImages.displayOrder)).limit(1);
  return rows[0]?.url ?? null;
}

// ---- likes and bookmarks ----

/** Locks the post row for a counter change; null when the post is missing. Toggles on one post take turns. */
export async function lockPostStatus(tx: Tx, postId: string): Promise<PostStatus | null> {
  const rows = await tx.select({ status: posts.status }).from(posts).where(eq(posts.id, postId)).for('no key update');
  return rows[0]?.status ?? null;
}

/** Removes the like if there is one, else adds it; the counter moves by the rows changed. */
export async function toggleVote(tx: Tx, postId: string, userId: string): Promise<{ active: boolean; count: number }> {
  const removed = await tx.delete(postVotes)
    .where(and(eq(postVotes.postId, postId), eq(postVotes.userId, userId))).returning({ postId: postVotes.postId });
  const added = removed.length ? [] : await tx.insert(postVotes).values({ postId, userId, voteType: 1 })
    .onConflictDoNothing().returning({ postId: postVotes.postId });
  const delta = added.length - removed.length;
  const [row] = await tx.update(posts).set({ voteCount: sql`${posts.voteCount} + ${delta}` })
    .where(eq(posts.id, postId)).returning({ count: posts.voteCount });
  return { active: added.length > 0, count: row!.count };
}

export async function toggleBookmark(tx: Tx, postId: string, userId: string): Promise<{ active: boolean; count: number }> {
  const removed = await tx.delete(bookmarks)
    .where(and(eq(bookmarks.postId, postId), eq(bookmarks.userId, userId))).returning({ id: bookmarks.id });
  const added = removed.length ? [] : await tx.insert(bookmarks).values({ postId, userId })
    .onConflictDoNothing().returning({ id: bookmarks.id });
  const delta = added.length - removed.length;
  const [row] = await tx.update(posts).set({ bookmarkCount: sql`${posts.bookmarkCount} + ${delta}` })
    .where(eq(posts.id, postId)).returning({ count: posts.bookmarkCount });
  return { active: added.length > 0, count: row!.count };
}

/** Of these posts, the ids a viewer may see: public ones, and for staff or their author the others too. */
export async function visiblePostIds(db: Conn, viewer: { id: string; isStaff: boolean } | null, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const mayAlsoSee = viewer?.isStaff ? sql`true` : viewer ? eq(posts.userId, viewer.id) : sql`false`;
  const rows = await db.select({ id: posts.id }).from(posts)
    .where(and(inArray(posts.id, ids), sql`(${posts.status} in ('open', 'solved') or ${mayAlsoSee})`));
  return rows.map((r) => r.id);
}
