import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DigestFrequency, EmailPreferences, Role } from '@fenestra/shared';
import type { Db, Tx } from '../../db/client.js';
import { exactTime } from '../../lib/cursor.js';
import { bookmarks, postVotes, posts, profiles, replies, uploads, userRoles, users } from '../../db/schema/index.js';
import { writeLog } from '../moderation/service.js';

type Conn = Db | Tx;

const isPublicPost = sql`${posts.status} in ('open', 'solved')`;

export interface ProfileRow {
  id: string;
  username: string;
  bio: string;
  avatarUrl: string | null;
  avatarWidth: number | null;
  avatarHeight: number | null;
  avatarVariantWidths: number[];
  role: Role;
  status: 'active' | 'banned';
  banReason: string | null;
  createdAt: Date;
  postCount: number;
}

/** A profile by username, ignoring case (the unique index is on lower(username)). */
export async function findProfileByUsername(db: Conn, username: string): Promise<ProfileRow | null> {
  const rows = await db
    .select({
      id: profiles.id,
      username: profiles.username,
      bio: profiles.bio,
      avatarUrl: profiles.avatarUrl,
      avatarWidth: profiles.avatarWidth,
      avatarHeight: profiles.avatarHeight,
      avatarVariantWidths: profiles.avatarVariantWidths,
      role: sql<Role>`coalesce(${userRoles.role}, 'user')`,
      status: profiles.status,
      banReason: profiles.banReason,
      createdAt: profiles.createdAt,
      postCount: profiles.postCount,
    })
    .from(profiles)
    .leftJoin(userRoles, eq(userRoles.userId, profiles.id))
    .where(sql`lower(${profiles.username}) = lower(${username})`)
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Replies on public posts, the helpful marks they received and how many are accepted answers, counted from the rows
 * themselves (replies.helpful_count changes with its reply_helpful rows).
 */
export async function replyCounts(
  db: Conn,
  userId: string,
): Promise<{ replyCount: number; helpfulCount: number; solutionCount: number }> {
  const rows = await db
    .select({
      replyCount: sql<number>`count(*)::int`,
      helpfulCount: sql<number>`coalesce(sum(${replies.helpfulCount}), 0)::int`,
      solutionCount: sql<number>`(count(*) filter (where ${posts.acceptedReplyId} = ${replies.id}))::int`,
    })
    .from(replies)
    .innerJoin(posts, eq(posts.id, replies.postId))
    .where(and(eq(replies.userId, userId), isPublicPost, eq(replies.status, 'published')));
  return rows[0] ?? { replyCount: 0, helpfulCount: 0, solutionCount: 0 };
}

export interface ReplyRow {
  id: string;
  postId: string;
  postTitle: string;
  content: string;
  createdAt: Date;
  createdKey: string;
  isPinned: boolean;
}

/** A member's replies on public posts, newest first, after a keyset position. */
export async function selectReplies(
  db: Conn,
  userId: string,
  after: { c: string; i: string } | null,
  limit: number,
): Promise<ReplyRow[]> {
  const keyset = after
    ? sql`(${replies.createdAt}, ${replies.id}) < (${after.c}::timestamptz, ${after.i}::uuid)`
    : undefined;
  return db
    .select({
      id: replies.id,
      postId: replies.postId,
      postTitle: posts.title,
      // One more character than the preview shows, so the caller knows whether it was cut.
      content: sql<string>`left(${replies.content}, 301)`,
      createdAt: replies.createdAt,
      createdKey: exactTime(replies.createdAt),
      isPinned: replies.isPinned,
    })
    .from(replies)
    .innerJoin(posts, eq(posts.id, replies.postId))
    .where(and(eq(replies.userId, userId), isPublicPost, eq(replies.status, 'published'), keyset))
    .orderBy(sql`${replies.createdAt} desc`, sql`${replies.id} desc`)
    .limit(limit);
}

export interface SettingsRow {
  username: string;
  bio: string;
  avatarUrl: string | null;
  email: string;
  emailPreferences: unknown;
  digest: DigestFrequency | null;
}

export async function findSettings(db: Conn, userId: string): Promise<SettingsRow | null> {
  const rows = await db
    .select({
      username: profiles.username,
      bio: profiles.bio,
      avatarUrl: profiles.avatarUrl,
      email: users.email,
      emailPreferences: profiles.emailPreferences,
      digest: profiles.digest,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(eq(profiles.id, userId))
    .limit(1);
  return rows[0] ?? null;
}

/** Changes what was given; the username also becomes the auth library's user name, in the same transaction. */
export async function updateProfile(
  tx: Tx,
  userId: string,
  values: { username?: string; bio?: string },
): Promise<{ username: string; bio: string }> {
  const [row] = await tx
    .update(profiles)
    .set(values)
    .where(eq(profiles.id, userId))
    .returning({ username: profiles.username, bio: profiles.bio });
  if (values.username !== undefined) {
    await tx.update(users).set({ name: values.username, updatedAt: new Date() }).where(eq(users.id, userId));
  }
  return row!;
}

/** Another member's profile already holding this name, ignoring case. */
export async function usernameHeldByOther(db: Conn, userId: string, username: string): Promise<boolean> {
  const rows = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(sql`lower(${profiles.username}) = lower(${username})`, sql`${profiles.id} <> ${userId}`))
    .limit(1);
  return rows.length > 0;
}

/** The current avatar, with the profile row locked until the transaction ends (avatar changes queue up). */
export async function lockAvatar(tx: Tx, userId: string): Promise<{ avatarUrl: string | null } | null> {
  const rows = await tx
    .select({ avatarUrl: profiles.avatarUrl })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .for('update');
  return rows[0] ?? null;
}

/** A new avatar, with its size and copies when it is an upload (an emoji or none has neither). */
export async function setAvatar(
  tx: Tx,
  userId: string,
  avatarUrl: string | null,
  upload: { width: number | null; height: number | null; variantWidths: number[] } | null = null,
): Promise<void> {
  await tx
    .update(profiles)
    .set({
      avatarUrl,
      avatarWidth: upload?.width ?? null,
      avatarHeight: upload?.height ?? null,
      avatarVariantWidths: upload?.variantWidths ?? [],
    })
    .where(eq(profiles.id, userId));
}

export interface StoredFileRow {
  bucket: string;
  path: string;
}

/** Deletes the member's avatar upload rows behind a URL (the one they are replacing); returns their files. */
export async function deleteAvatarUploads(tx: Tx, userId: string, publicUrl: string): Promise<StoredFileRow[]> {
  return tx
    .delete(uploads)
    .where(and(eq(uploads.userId, userId), eq(uploads.kind, 'avatar'), eq(uploads.publicUrl, publicUrl)))
    .returning({ bucket: uploads.bucket, path: uploads.path });
}

export async function saveDigest(db: Conn, userId: string, digest: DigestFrequency): Promise<void> {
  await db.update(profiles).set({ digest }).where(eq(profiles.id, userId));
}

export async function saveEmailPreferences(db: Conn, userId: string, prefs: EmailPreferences): Promise<void> {
  await db.update(profiles).set({ emailPreferences: prefs }).where(eq(profiles.id, userId));
}

// ---- deleting an account ----

/** Locks the user row: likes and bookmarks made meanwhile wait for the deletion, then fail. */
export async function lockUser(tx: Tx, userId: string): Promise<boolean> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  return rows.length > 0;
}

/** Every admin, locked: two last admins deleting themselves at once cannot both pass the check. */
export async function lockAdmins(tx: Tx): Promise<string[]> {
  const rows = await tx
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(eq(userRoles.role, 'admin'))
    .for('update');
  return rows.map((r) => r.userId);
}

/** Removes the member's likes and bookmarks, moving each post's counters by the rows removed. */
export async function removeVotesAndBookmarks(tx: Tx, userId: string): Promise<void> {
  // The posts whose counters move, locked in one order (by id), as a like or bookmark locks its one post.
  await tx.execute(sql`SELECT id FROM posts WHERE id IN (
    SELECT post_id FROM post_votes WHERE user_id = ${userId} UNION SELECT post_id FROM bookmarks WHERE user_id = ${userId}
  ) ORDER BY id FOR NO KEY UPDATE`);
  const votes = await tx.delete(postVotes).where(eq(postVotes.userId, userId)).returning({ postId: postVotes.postId });
  const voted = votes.map((v) => v.postId);
  if (voted.length) {
    await tx
      .update(posts)
      .set({ voteCount: sql`${posts.voteCount} - 1` })
      .where(inArray(posts.id, voted));
  }
  const marks = await tx.delete(bookmarks).where(eq(bookmarks.userId, userId)).returning({ postId: bookmarks.postId });
  const marked = marks.map((b) => b.postId);
  if (marked.length) {
    await tx
      .update(posts)
      .set({ bookmarkCount: sql`${posts.bookmarkCount} - 1` })
      .where(inArray(posts.id, marked));
  }
}

/** The member's avatar uploads and anything they uploaded but never attached: rows go now, files after commit. */
export async function deletePrivateUploads(tx: Tx, userId: string): Promise<StoredFileRow[]> {
  const rows = await tx
    .delete(uploads)
    .where(and(eq(uploads.userId, userId), or(eq(uploads.kind, 'avatar'), isNull(uploads.attachedAt)) as SQL))
    .returning({ bucket: uploads.bucket, path: uploads.path, thumbnailPath: uploads.thumbnailPath });
  return rows.flatMap((r) => [
    { bucket: r.bucket, path: r.path },
    ...(r.thumbnailPath ? [{ bucket: 'post-images', path: r.thumbnailPath }] : []),
  ]);
}

/** delete_account when members delete themselves, delete_user when staff delete them. */
export async function writeDeletionLog(
  tx: Tx,
  member: { id: string; username: string },
  actor: { id: string; username: string } | null,
): Promise<void> {
  await writeLog(tx, {
    actorId: (actor ?? member).id,
    actorUsername: (actor ?? member).username,
    action: actor ? 'delete_user' : 'delete_account',
    targetType: 'user',
    targetId: member.id,
    targetLabel: member.username,
  });
}

/** Deletes the user; sessions, accounts, profile, role, votes, bookmarks and notifications go with it (cascades). */
export async function deleteUser(tx: Tx, userId: string): Promise<void> {
  await tx.delete(users).where(eq(users.id, userId));
}
