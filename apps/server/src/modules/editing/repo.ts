import { and, asc, desc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { PostFields, PostStatus, ReplyFields, Topic } from '@fenestra/shared';
import type { Db, Tx } from '../../db/client.js';
import {
  postImages,
  postTags,
  postVideos,
  posts,
  profiles,
  replies,
  replyImages,
  replyLinks,
  replyMentions,
  revisions,
  uploads,
} from '../../db/schema/index.js';
import { authorColumns } from '../../lib/author.js';
import type { UploadRow } from '../uploads/service.js';

type Conn = Db | Tx;

export interface EditablePost {
  id: string;
  userId: string | null;
  status: PostStatus;
  topic: Topic;
  title: string;
  description: string;
  denialReason: string | null;
  version: number;
  editedAt: Date | null;
  createdAt: Date;
}

const editableColumns = {
  id: posts.id,
  userId: posts.userId,
  status: posts.status,
  topic: posts.topic,
  title: posts.title,
  description: posts.description,
  denialReason: posts.denialReason,
  version: posts.version,
  editedAt: posts.editedAt,
  createdAt: posts.createdAt,
};

/** The post, locked until the transaction ends: edits, accepts and staff actions on it take turns. */
export async function lockPost(tx: Tx, postId: string): Promise<EditablePost | null> {
  const rows = await tx.select(editableColumns).from(posts).where(eq(posts.id, postId)).for('update');
  return rows[0] ?? null;
}

export interface StoredMedia {
  images: { id: string; url: string }[];
  video: { url: string; thumbnailUrl: string | null } | null;
}

/** A post's tags, photos (in order) and video. */
export async function postMediaAndTags(tx: Tx, postId: string): Promise<StoredMedia & { tags: string[] }> {
  const tags = await tx.select({ tag: postTags.tag }).from(postTags).where(eq(postTags.postId, postId));
  const images = await tx
    .select({ id: postImages.id, url: postImages.imageUrl })
    .from(postImages)
    .where(eq(postImages.postId, postId))
    .orderBy(asc(postImages.displayOrder));
  const [video] = await tx
    .select({ url: postVideos.videoUrl, thumbnailUrl: postVideos.thumbnailUrl })
    .from(postVideos)
    .where(eq(postVideos.postId, postId));
  return { tags: tags.map((t) => t.tag).sort(), images, video: video ?? null };
}

/**
 * Keeps the photos named (in that order), deletes the others and appends the new uploads; returns the new rows' ids.
 * Orders are moved out of the way first, so the unique (owner, order) index never sees two rows at one place.
 */
export async function replacePostImages(
  tx: Tx,
  postId: string,
  keepIds: string[],
  added: UploadRow[],
): Promise<string[]> {
  await tx
    .delete(postImages)
    .where(and(eq(postImages.postId, postId), keepIds.length ? notInArray(postImages.id, keepIds) : undefined));
  await tx
    .update(postImages)
    .set({ displayOrder: sql`${postImages.displayOrder} + 1000` })
    .where(eq(postImages.postId, postId));
  for (const [i, id] of keepIds.entries()) {
    await tx
      .update(postImages)
      .set({ displayOrder: i, altText: `Image ${i + 1}` })
      .where(eq(postImages.id, id));
  }
  if (!added.length) return [];
  const rows = await tx
    .insert(postImages)
    .values(
      added.map((upload, i) => ({
        postId,
        imageUrl: upload.publicUrl,
        displayOrder: keepIds.length + i,
        altText: `Image ${keepIds.length + i + 1}`,
        width: upload.width,
        height: upload.height,
        variantWidths: upload.variantWidths,
      })),
    )
    .returning({ id: postImages.id });
  return rows.map((r) => r.id);
}

export async function deleteVideo(tx: Tx, postId: string): Promise<void> {
  await tx.delete(postVideos).where(eq(postVideos.postId, postId));
}

export async function replaceTags(tx: Tx, postId: string, tags: string[]): Promise<void> {
  await tx.delete(postTags).where(eq(postTags.postId, postId));
  if (tags.length) await tx.insert(postTags).values(tags.map((tag) => ({ postId, tag })));
}

export async function savePost(
  tx: Tx,
  postId: string,
  fields: {
    topic: Topic;
    title: string;
    description: string;
    status: PostStatus;
    denialReason: string | null;
    editedAt: Date | null;
  },
): Promise<{ version: number }> {
  const [row] = await tx
    .update(posts)
    .set({ ...fields, version: sql`${posts.version} + 1`, updatedAt: new Date() })
    .where(eq(posts.id, postId))
    .returning({ version: posts.version });
  return row!;
}

/** The uploads rows behind removed files go with them (the URL is the link, as on deletion). */
export async function forgetUploads(tx: Tx, urls: string[]): Promise<void> {
  if (urls.length) await tx.delete(uploads).where(inArray(uploads.publicUrl, urls));
}

// ---- replies ----

export interface EditableReply {
  id: string;
  postId: string;
  userId: string | null;
  content: string;
  version: number;
  editedAt: Date | null;
  createdAt: Date;
  postStatus: PostStatus;
  postUserId: string | null;
  postTitle: string;
  /** published, or held: pending review or hidden after flags (issue 26). */
  status: 'published' | 'pending' | 'hidden';
}

/** The reply and its post, the post locked first (the order every action on a post's replies takes). */
export async function lockReply(tx: Tx, replyId: string): Promise<EditableReply | null> {
  const [found] = await tx.select({ postId: replies.postId }).from(replies).where(eq(replies.id, replyId));
  if (!found) return null;
  const [post] = await tx
    .select({ status: posts.status, userId: posts.userId, title: posts.title })
    .from(posts)
    .where(eq(posts.id, found.postId))
    .for('no key update');
  const [reply] = await tx
    .select({
      id: replies.id,
      postId: replies.postId,
      userId: replies.userId,
      content: replies.content,
      version: replies.version,
      editedAt: replies.editedAt,
      createdAt: replies.createdAt,
      status: replies.status,
    })
    .from(replies)
    .where(eq(replies.id, replyId))
    .for('update');
  if (!post || !reply) return null;
  return { ...reply, postStatus: post.status, postUserId: post.userId, postTitle: post.title };
}

export async function replyImagesOf(tx: Tx, replyId: string): Promise<{ id: string; url: string }[]> {
  return tx
    .select({ id: replyImages.id, url: replyImages.imageUrl })
    .from(replyImages)
    .where(eq(replyImages.replyId, replyId))
    .orderBy(asc(replyImages.displayOrder));
}

/** As replacePostImages, for a reply's pictures. */
export async function replaceReplyImages(tx: Tx, replyId: string, keepIds: string[], added: UploadRow[]) {
  await tx
    .delete(replyImages)
    .where(and(eq(replyImages.replyId, replyId), keepIds.length ? notInArray(replyImages.id, keepIds) : undefined));
  await tx
    .update(replyImages)
    .set({ displayOrder: sql`${replyImages.displayOrder} + 1000` })
    .where(eq(replyImages.replyId, replyId));
  for (const [i, id] of keepIds.entries()) {
    await tx.update(replyImages).set({ displayOrder: i }).where(eq(replyImages.id, id));
  }
  if (added.length) {
    await tx.insert(replyImages).values(
      added.map((u, i) => ({
        replyId,
        imageUrl: u.publicUrl,
        displayOrder: keepIds.length + i,
        width: u.width,
        height: u.height,
        variantWidths: u.variantWidths,
      })),
    );
  }
}

/** The members a reply mentions now replace the ones it mentioned. */
export async function replaceReplyMentions(tx: Tx, replyId: string, mentions: { userId: string; handle: string }[]) {
  await tx.delete(replyMentions).where(eq(replyMentions.replyId, replyId));
  if (mentions.length) {
    await tx.insert(replyMentions).values(mentions.map((m) => ({ replyId, userId: m.userId, handle: m.handle })));
  }
}

export async function replyMentionIds(tx: Tx, replyId: string): Promise<string[]> {
  const rows = await tx
    .select({ userId: replyMentions.userId })
    .from(replyMentions)
    .where(eq(replyMentions.replyId, replyId));
  return rows.map((r) => r.userId);
}

export async function replyLinkUrls(tx: Tx, replyId: string): Promise<string[]> {
  const rows = await tx
    .select({ url: replyLinks.url })
    .from(replyLinks)
    .where(eq(replyLinks.replyId, replyId))
    .orderBy(asc(replyLinks.position));
  return rows.map((r) => r.url);
}

export async function deleteReplyLinks(tx: Tx, replyId: string): Promise<void> {
  await tx.delete(replyLinks).where(eq(replyLinks.replyId, replyId));
}

export async function saveReply(
  tx: Tx,
  replyId: string,
  fields: { content: string; editedAt: Date | null },
): Promise<{ version: number }> {
  const [row] = await tx
    .update(replies)
    .set({ ...fields, version: sql`${replies.version} + 1`, updatedAt: new Date() })
    .where(eq(replies.id, replyId))
    .returning({ version: replies.version });
  return row!;
}

// ---- revisions ----

export type RevisionRow = typeof revisions.$inferSelect;

/** The target's newest revision: a post's own (replyId null) or one reply's. */
export async function latestRevision(tx: Tx, target: { postId: string; replyId: string | null }) {
  const rows = await tx
    .select()
    .from(revisions)
    .where(
      target.replyId
        ? eq(revisions.replyId, target.replyId)
        : and(eq(revisions.postId, target.postId), isNull(revisions.replyId)),
    )
    .orderBy(desc(revisions.createdAt))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertRevision(tx: Tx, row: typeof revisions.$inferInsert): Promise<void> {
  await tx.insert(revisions).values(row);
}

/** A later save by the same person folds in: the revision's after and time move on; its before stays. */
export async function foldRevision(tx: Tx, id: string, after: PostFields | ReplyFields, at: Date): Promise<void> {
  await tx.update(revisions).set({ after, createdAt: at }).where(eq(revisions.id, id));
}

export async function deleteRevision(tx: Tx, id: string): Promise<void> {
  await tx.delete(revisions).where(eq(revisions.id, id));
}

/** A target's revisions newest first, with each editor's profile (left-joined: deleted editors read as unknown). */
export async function listRevisions(db: Conn, target: { postId: string; replyId: string | null }) {
  return db
    .select({
      id: revisions.id,
      postId: revisions.postId,
      replyId: revisions.replyId,
      kind: revisions.kind,
      before: revisions.before,
      after: revisions.after,
      createdAt: revisions.createdAt,
      ...authorColumns,
    })
    .from(revisions)
    .leftJoin(profiles, eq(profiles.id, revisions.editorId))
    .where(
      target.replyId
        ? eq(revisions.replyId, target.replyId)
        : and(eq(revisions.postId, target.postId), isNull(revisions.replyId)),
    )
    .orderBy(desc(revisions.createdAt), desc(revisions.id));
}

export async function findRevision(db: Conn, id: string): Promise<RevisionRow | null> {
  const rows = await db.select().from(revisions).where(eq(revisions.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function replyPostId(db: Conn, replyId: string): Promise<string | null> {
  const rows = await db.select({ postId: replies.postId }).from(replies).where(eq(replies.id, replyId)).limit(1);
  return rows[0]?.postId ?? null;
}

export async function usernameOf(tx: Tx, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const rows = await tx.select({ username: profiles.username }).from(profiles).where(eq(profiles.id, userId));
  return rows[0]?.username ?? null;
}

/** A reply hidden after flags, edited by its author: back in review (pending) until staff decide. */
export async function resubmitHiddenReply(tx: Tx, replyId: string): Promise<boolean> {
  const rows = await tx
    .update(replies)
    .set({ status: 'pending' })
    .where(and(eq(replies.id, replyId), eq(replies.status, 'hidden')))
    .returning({ id: replies.id });
  return rows.length > 0;
}
