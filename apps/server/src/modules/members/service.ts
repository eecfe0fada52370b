import {
  LIMITS,
  MSG,
  isImageAvatar,
  isReservedUsername,
  readEmailPreferences,
  replyPreviewOf,
  type AvatarResult,
  type Role,
  type EmailPreferences,
  type DigestInput,
  type MemberProfile,
  type MemberReplyList,
  type PostList,
  type ProfileUpdateResult,
  type Settings,
  type AvatarUpdateInput,
  type ProfileUpdateInput,
} from '@fenestra/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import { parsePublicUrl, removeStoredFiles, type MediaAddress, type Storage } from '../../adapters/storage/storage.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import type { MemberRow } from '../../lib/member.js';
import { isUniqueViolation } from '../../db/errors.js';
import { answerJson } from '../../lib/contract-json.js';
import { viewerFrom, type PostsService, type PublicAnswer, type Viewer } from '../posts/service.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import { claimUploads } from '../uploads/service.js';
import { avatarCopies } from '../../lib/author.js';
import { memberPlainText } from '../../lib/member-markdown.js';
import * as repo from './repo.js';
import { JSON_TYPE, TAGS, type CachedBody, type PublicCache } from '../../cache/public-cache.js';

const USERNAME_INDEX = 'profiles_username_lower_idx';
/** Anything that cannot be a username is simply not found (no query needed). */
const USERNAME_SHAPE = /^[A-Za-z0-9_-]{1,60}$/;

export function membersService(deps: {
  db: Db;
  storage: Storage;
  posts: PostsService;
  media: MediaAddress;
  log: FastifyBaseLogger;
  cache: PublicCache;
}) {
  const { db, storage, posts, media, log, cache } = deps;

  const removeFiles = (files: repo.StoredFileRow[]) => removeStoredFiles(storage, files, log);

  /** Forgets the member's uploaded avatar behind a URL (rows now, in the caller's transaction); returns the files to remove. */
  async function forgetUploadedAvatar(tx: Tx, userId: string, url: string | null) {
    if (!isImageAvatar(url)) return [];
    const files = await repo.deleteAvatarUploads(tx, userId, url);
    if (files.length) return files;
    // An avatar set without an uploads row (seeded data): its file, if it is the member's own in the avatars bucket.
    const parsed = parsePublicUrl(url);
    return parsed && parsed.bucket === 'avatars' && parsed.path.startsWith(`${userId}/`) ? [parsed] : [];
  }

  /**
   * Deletes a member at once (DESIGN.md 'deleting a user'): counters first, then the user with everything that
   * cascades, in one transaction; their posts and replies stay without an author. Files go after commit.
   * `actor` is the staff member deleting them from the list, or null when members delete their own account.
   */
  async function deleteMember(
    member: { id: string; username: string; role: Role },
    actor: MemberRow | null,
  ): Promise<void> {
    const files = await db.transaction(async (tx) => {
      if (member.role === 'admin') {
        const admins = await repo.lockAdmins(tx);
        if (admins.filter((id) => id !== member.id).length === 0) {
          throw conflict('LAST_ADMIN', actor ? MSG.lastAdminDeleteUser : MSG.lastAdminDelete);
        }
      }
      if (!(await repo.lockUser(tx, member.id))) throw notFound(MSG.userNotFound);
      await repo.removeVotesAndBookmarks(tx, member.id);
      const current = await repo.lockAvatar(tx, member.id);
      const avatarFiles = await forgetUploadedAvatar(tx, member.id, current?.avatarUrl ?? null);
      const uploadFiles = await repo.deletePrivateUploads(tx, member.id);
      await repo.writeDeletionLog(tx, member, actor);
      await repo.deleteUser(tx, member.id);
      return [...avatarFiles, ...uploadFiles];
    });
    await removeFiles(files);
  }

  async function profileOrThrow(username: string) {
    const profile = USERNAME_SHAPE.test(username) ? await repo.findProfileByUsername(db, username) : null;
    if (!profile) throw notFound(MSG.userNotFound);
    return profile;
  }

  return {
    async settings(member: MemberRow): Promise<Settings> {
      const row = await repo.findSettings(db, member.id);
      if (!row) throw notFound(MSG.userNotFound);
      return {
        username: row.username,
        bio: row.bio,
        avatarUrl: media(row.avatarUrl),
        email: row.email,
        emailPreferences: readEmailPreferences(row.emailPreferences),
        // Unchosen, it follows the member's visits (DESIGN.md): one who is here now is not away, so off.
        digest: row.digest ?? 'off',
        hasPassword: member.hasPassword,
      };
    },

    /** Username and bio; the unique index decides who gets a name (a pre-check only gives the answer sooner). */
    async updateProfile(member: MemberRow, input: ProfileUpdateInput): Promise<ProfileUpdateResult> {
      const values: { username?: string; bio?: string } = {};
      if (input.username !== undefined) values.username = input.username;
      if (input.bio !== undefined) values.bio = input.bio;
      if (
        values.username !== undefined &&
        // A reserved name the member already holds (the demo admin's) is theirs to keep.
        ((isReservedUsername(values.username) && values.username.toLowerCase() !== member.username.toLowerCase()) ||
          (await repo.usernameHeldByOther(db, member.id, values.username)))
      ) {
        throw conflict('USERNAME_TAKEN', MSG.usernameTaken, 'username');
      }
      try {
        return await db.transaction(async (tx) => {
          if (Object.keys(values).length === 0) {
            const current = await repo.findSettings(tx, member.id);
            return { username: current!.username, bio: current!.bio };
          }
          return repo.updateProfile(tx, member.id, values);
        });
      } catch (e) {
        if (isUniqueViolation(e, USERNAME_INDEX)) throw conflict('USERNAME_TAKEN', MSG.usernameTaken, 'username');
        throw e;
      }
    },

    /** A preset emoji or the member's own new avatar upload, applied at once; an uploaded one it replaces is removed. */
    async setAvatar(member: MemberRow, input: AvatarUpdateInput): Promise<AvatarResult> {
      const { avatarUrl, copies, oldFiles } = await db.transaction(async (tx) => {
        const current = await repo.lockAvatar(tx, member.id);
        if (!current) throw notFound(MSG.userNotFound);
        const upload =
          input.kind === 'upload' ? (await claimUploads(tx, member.id, [input.uploadId], 'avatar'))[0]! : null;
        const next = input.kind === 'upload' ? upload!.publicUrl : input.emoji;
        const files = current.avatarUrl === next ? [] : await forgetUploadedAvatar(tx, member.id, current.avatarUrl);
        await repo.setAvatar(tx, member.id, next, upload);
        return {
          avatarUrl: next,
          copies: avatarCopies(upload?.width ?? null, upload?.height ?? null, upload?.variantWidths ?? null),
          oldFiles: files,
        };
      });
      await removeFiles(oldFiles);
      return { avatarUrl: media(avatarUrl), ...copies };
    },

    /** Back to no avatar; an uploaded one is removed. */
    async removeAvatar(member: MemberRow): Promise<AvatarResult> {
      const oldFiles = await db.transaction(async (tx) => {
        const current = await repo.lockAvatar(tx, member.id);
        if (!current) throw notFound(MSG.userNotFound);
        const files = await forgetUploadedAvatar(tx, member.id, current.avatarUrl);
        await repo.setAvatar(tx, member.id, null);
        return files;
      });
      await removeFiles(oldFiles);
      return { avatarUrl: null };
    },

    async setDigest(member: MemberRow, input: DigestInput): Promise<DigestInput> {
      await repo.saveDigest(db, member.id, input.digest);
      return input;
    },

    async setEmailPreferences(member: MemberRow, prefs: EmailPreferences): Promise<EmailPreferences> {
      await repo.saveEmailPreferences(db, member.id, prefs);
      return prefs;
    },

    /** The settings page's 'Delete account': the member themself, with the exact word CONFIRM. */
    /** The word was checked against the route's contract (deleteAccountSchema). */
    async deleteAccount(member: MemberRow): Promise<void> {
      await deleteMember(member, null);
    },

    deleteMember,

    /** A public profile; status and ban reason only for staff viewers. */
    async profile(username: string, member: MemberRow | null, viewer: Viewer | null): Promise<MemberProfile> {
      const profile = await profileOrThrow(username);
      const counts = await repo.replyCounts(db, profile.id);
      const staff = viewer?.isStaff ?? false;
      return {
        id: profile.id,
        username: profile.username,
        bio: profile.bio,
        avatarUrl: media(profile.avatarUrl),
        ...avatarCopies(profile.avatarWidth, profile.avatarHeight, profile.avatarVariantWidths),
        role: profile.role,
        status: staff ? profile.status : null,
        banReason: staff ? profile.banReason : null,
        joinedAt: profile.createdAt.toISOString(),
        postCount: profile.postCount,
        replyCount: counts.replyCount,
        helpfulCount: counts.helpfulCount,
        solutionCount: counts.solutionCount,
        isSelf: member?.id === profile.id,
      };
    },

    /**
     * A profile as a visitor sees it, from the public-read cache (staff see more: ask `profile`).
     * 'Not found' is never cached.
     */
    async publicProfile(username: string): Promise<CachedBody<MemberProfile>> {
      return (await cache.read(`api:user:${username.toLowerCase()}`, async () => {
        const profile = await this.profile(username, null, null);
        return {
          body: answerJson.memberProfile(profile),
          type: JSON_TYPE,
          tags: [TAGS.member(profile.id), TAGS.profiles],
          value: profile,
        };
      }))!;
    },

    /** A profile's Posts tab from the cache, with the viewer's marks on top. */
    async publicMemberPosts(username: string, viewer: Viewer | null, cursor: unknown): Promise<PublicAnswer> {
      const profile = await profileOrThrow(username);
      return posts.publicMemberPosts(
        viewer,
        profile.id,
        `api:user-posts:${profile.id}:${String(cursor ?? '')}`,
        cursor,
      );
    },

    /** A profile's Replies tab from the cache: the same for everyone. */
    async publicMemberReplies(username: string, cursor: unknown): Promise<CachedBody> {
      decodeCursor(cursor, 'replies');
      return (await cache.read(`api:user-replies:${username.toLowerCase()}:${String(cursor ?? '')}`, async () => {
        const profile = await profileOrThrow(username);
        const list = await this.memberReplies(username, cursor);
        return {
          body: answerJson.memberReplyList(list),
          type: JSON_TYPE,
          tags: [TAGS.member(profile.id), TAGS.profiles, ...new Set(list.replies.map((r) => TAGS.post(r.postId)))],
        };
      }))!;
    },

    /** Replies on public posts only, newest first, 20 a page. */
    async memberReplies(username: string, rawCursor: unknown): Promise<MemberReplyList> {
      const profile = await profileOrThrow(username);
      const cursor = decodeCursor(rawCursor, 'replies');
      const rows = await repo.selectReplies(db, profile.id, cursor, LIMITS.pageSize + 1);
      const more = rows.length > LIMITS.pageSize;
      const shown = more ? rows.slice(0, LIMITS.pageSize) : rows;
      const last = shown[shown.length - 1];
      return {
        replies: shown.map((r) => ({
          id: r.id,
          postId: r.postId,
          postTitle: r.postTitle,
          preview: replyPreviewOf(memberPlainText(r.content)),
          createdAt: r.createdAt.toISOString(),
          isPinned: r.isPinned,
        })),
        nextCursor: more && last ? encodeCursor({ o: 'replies', c: last.createdKey, i: last.id }) : null,
      };
    },

    /** Only on one's own profile: the same list as GET /api/bookmarks. */
    async memberBookmarks(username: string, member: MemberRow, cursor: unknown): Promise<PostList> {
      const profile = await profileOrThrow(username);
      if (profile.id !== member.id) throw forbidden(MSG.bookmarksOwnOnly);
      return posts.listBookmarks(viewerFrom(member), cursor);
    },
  };
}

export type MembersService = ReturnType<typeof membersService>;
