import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import {
  EDIT_FOLD_MINUTES,
  MSG,
  NOTIFICATION_TEXT,
  UNKNOWN_AUTHOR,
  distinctTags,
  editPostSchema,
  editReplySchema,
  isPublicPost,
  isStaffRole,
  previewLinksOf,
  replyOverLimits,
  type EditPostInput,
  type EditResult,
  type PostFields,
  type ReplyFields,
  type Revision,
  type RevisionList,
} from '@fenestra/shared';
import type { Db, Tx } from '../../db/client.js';
import { removeStoredFiles, storedFilesOf, type MediaAddress, type Storage } from '../../adapters/storage/storage.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import type { MemberRow } from '../../lib/member.js';
import { authorOf } from '../../lib/author.js';
import { parse } from '../../lib/validation.js';
import { claimUploads } from '../uploads/service.js';
import { resolveMentions } from '../mentions/service.js';
import { insertNotifications, staffIdsExcept, type NewNotification } from '../notifications/service.js';
import { queueImageDetections, queueReplyPhotoDetections } from '../detection/service.js';
import { insertReplyLinks } from '../link-previews/service.js';
import { writeLog } from '../moderation/service.js';
import { clearEditDraft } from '../drafts/service.js';
import { sendInTransaction } from '../../lib/jobs.js';
import { insertVideo, keepPreviewOf, type PostsService, type Viewer } from '../posts/service.js';
import * as repo from './repo.js';
import { publishEvent } from '../../realtime/bus-event.js';

const uuid = z.uuid();
const isUuid = (value: string) => uuid.safeParse(value).success;
const FOLD_MS = EDIT_FOLD_MINUTES * 60_000;

/** The stored fields compared as JSON (key order is the same on both sides: they are built alike). */
const sameFields = (a: PostFields | ReplyFields, b: PostFields | ReplyFields) =>
  JSON.stringify(a) === JSON.stringify(b);

const staleEdit = () => conflict('EDIT_CONFLICT', MSG.editConflict);

type Kind = 'edit' | 'resubmit' | 'restore';

/**
 * Editing questions and replies with their history (issue 23, decision 029): the author's and staff's edits, the
 * 5-minute fold, the stale-edit refusal, 'Edit and resubmit' of a denied question, and staff restoring a revision.
 */
export function editingService(deps: {
  db: Db;
  posts: PostsService;
  storage: Storage;
  media: MediaAddress;
  log: FastifyBaseLogger;
  detectionOn: boolean;
  now: () => Date;
}) {
  const { db, posts, storage, media, log, detectionOn, now } = deps;

  /**
   * Saves a revision unless this save folds into the previous version: the same person, within 5 minutes of it.
   * An edit folded into the original (no revision yet) leaves none, and the target does not read 'edited'.
   * Returns the target's new edited time.
   */
  async function keepRevision(
    tx: Tx,
    target: { postId: string; replyId: string | null; authorId: string | null; createdAt: Date; editedAt: Date | null },
    editorId: string,
    kind: Kind,
    before: PostFields | ReplyFields,
    after: PostFields | ReplyFields,
  ): Promise<Date | null> {
    const at = now();
    const last = await repo.latestRevision(tx, target);
    const previousBy = last ? last.editorId : target.authorId;
    const previousAt = last ? last.createdAt : target.createdAt;
    const folds = kind === 'edit' && previousBy === editorId && at.getTime() - previousAt.getTime() < FOLD_MS;
    if (folds && !last) return target.editedAt;
    if (folds && last && last.kind === 'edit') {
      if (sameFields(last.before, after)) {
        await repo.deleteRevision(tx, last.id);
        return (await repo.latestRevision(tx, target))?.createdAt ?? null;
      }
      await repo.foldRevision(tx, last.id, after, at);
      return at;
    }
    await repo.insertRevision(tx, {
      postId: target.postId,
      replyId: target.replyId,
      editorId,
      kind,
      before,
      after,
      createdAt: at,
    });
    return at;
  }

  /** The newly mentioned members of a public text, told once (never the editor or the author). */
  async function newMentions(
    tx: Tx,
    input: {
      before: string;
      after: string;
      skip: (string | null)[];
      authorName: string;
      title: string;
      postId: string;
    },
  ): Promise<NewNotification[]> {
    const had = new Set((await resolveMentions(tx, input.before)).map((m) => m.userId));
    return (await resolveMentions(tx, input.after))
      .filter((m) => !had.has(m.userId) && !input.skip.includes(m.userId))
      .map((m) => ({
        userId: m.userId,
        type: 'mention' as const,
        message: NOTIFICATION_TEXT.mention(input.authorName, input.title),
        postId: input.postId,
      }));
  }

  async function applyPostEdit(
    editor: MemberRow,
    postId: string,
    input: EditPostInput,
    kind: 'edit' | 'restore',
  ): Promise<EditResult> {
    const isStaff = isStaffRole(editor.role);
    const { result, removedUrls } = await db.transaction(async (tx) => {
      const post = isUuid(postId) ? await repo.lockPost(tx, postId) : null;
      const isAuthor = post !== null && post.userId === editor.id;
      if (!post || (!isStaff && !isAuthor && !isPublicPost(post.status))) throw notFound(MSG.postNotFound);
      if (!isStaff && !isAuthor) throw forbidden(MSG.cannotEditPost);
      if (input.version !== post.version) throw staleEdit();
      // The editor's draft of this edit is saved now (with the edit: a refused save keeps it).
      if (kind === 'edit') await clearEditDraft(tx, editor.id, { postId: post.id, replyId: null });

      const stored = await repo.postMediaAndTags(tx, post.id);
      const storedIds = new Set(stored.images.map((i) => i.id));
      if (input.keepImageIds.some((id) => !storedIds.has(id))) throw badRequest(MSG.uploadMissing, 'keepImageIds');
      const added = await claimUploads(tx, editor.id, input.imageUploadIds, 'image');
      const removedImages = stored.images.filter((i) => !input.keepImageIds.includes(i.id));
      const dropVideo = stored.video !== null && (!input.keepVideo || input.videoUploadId !== null);
      const newVideo = input.videoUploadId
        ? (await claimUploads(tx, editor.id, [input.videoUploadId], 'video'))[0]!
        : null;

      const resubmit = post.status === 'denied' && isAuthor && kind === 'edit';
      const tags = distinctTags(input.tags);
      const before: PostFields = {
        topic: post.topic,
        title: post.title,
        description: post.description,
        tags: stored.tags,
        images: stored.images.map((i) => i.url),
        video: stored.video?.url ?? null,
        ...(resubmit ? { denialReason: post.denialReason } : {}),
      };
      const keptUrls = input.keepImageIds.map((id) => stored.images.find((i) => i.id === id)!.url);
      const after: PostFields = {
        topic: input.topic,
        title: input.title,
        description: input.description,
        tags: [...tags].sort(),
        images: [...keptUrls, ...added.map((u) => u.publicUrl)],
        video: newVideo ? newVideo.publicUrl : dropVideo ? null : (stored.video?.url ?? null),
        ...(resubmit ? { denialReason: null } : {}),
      };
      // Nothing changed: nothing is saved (a resubmit with the same text still goes back for review).
      if (!resubmit && sameFields(before, after)) {
        return {
          removedUrls: [],
          result: {
            id: post.id,
            status: post.status,
            version: post.version,
            editedAt: post.editedAt?.toISOString() ?? null,
            message: MSG.questionUpdated,
          },
        };
      }

      const newImageIds = await repo.replacePostImages(tx, post.id, input.keepImageIds, added);
      await queueImageDetections(tx, newImageIds, detectionOn);
      if (dropVideo) await repo.deleteVideo(tx, post.id);
      if (newVideo) await insertVideo(tx, post.id, newVideo);
      await repo.replaceTags(tx, post.id, tags);
      const editedAt = await keepRevision(
        tx,
        { postId: post.id, replyId: null, authorId: post.userId, createdAt: post.createdAt, editedAt: post.editedAt },
        editor.id,
        resubmit ? 'resubmit' : kind,
        before,
        after,
      );
      const status = resubmit ? 'pending' : post.status;
      const saved = await repo.savePost(tx, post.id, {
        topic: input.topic,
        title: input.title,
        description: input.description,
        status,
        denialReason: resubmit ? null : post.denialReason,
        editedAt,
      });
      if (input.description !== post.description) await keepPreviewOf(tx, post.id, input.description);

      const notices: NewNotification[] = [];
      if (resubmit) {
        for (const userId of await staffIdsExcept(tx, editor.id)) {
          notices.push({
            userId,
            type: 'post_pending_review',
            message: NOTIFICATION_TEXT.post_pending_review(input.title),
            postId: post.id,
          });
        }
      } else if (isPublicPost(post.status)) {
        notices.push(
          ...(await newMentions(tx, {
            before: post.description,
            after: input.description,
            skip: [editor.id, post.userId],
            authorName:
              (isAuthor ? editor.username : await repo.usernameOf(tx, post.userId)) ?? UNKNOWN_AUTHOR.username,
            title: input.title,
            postId: post.id,
          })),
        );
      }
      await insertNotifications(tx, notices);
      if (isStaff) {
        await writeLog(tx, {
          actorId: editor.id,
          actorUsername: editor.username,
          action: kind === 'restore' ? 'restore_revision' : 'edit_post',
          targetType: 'post',
          targetId: post.id,
          targetLabel: input.title,
        });
      }
      const urls = [
        ...removedImages.map((i) => i.url),
        ...(dropVideo && stored.video
          ? [stored.video.url, ...(stored.video.thumbnailUrl ? [stored.video.thumbnailUrl] : [])]
          : []),
      ];
      await repo.forgetUploads(tx, urls);
      return {
        removedUrls: urls,
        result: {
          id: post.id,
          status,
          version: saved.version,
          editedAt: editedAt?.toISOString() ?? null,
          message: resubmit ? MSG.questionResubmitted : kind === 'restore' ? MSG.revisionRestored : MSG.questionUpdated,
        },
      };
    });
    // Files go once the rows that named them are gone for good, as on deletion.
    if (removedUrls.length) await removeStoredFiles(storage, storedFilesOf(removedUrls), log);
    return result;
  }

  async function applyReplyEdit(
    editor: MemberRow,
    replyId: string,
    input: { content: string; keepImageIds: string[]; imageUploadIds: string[]; version: number },
    kind: 'edit' | 'restore',
  ): Promise<EditResult> {
    const isStaff = isStaffRole(editor.role);
    const { result, removedUrls } = await db.transaction(async (tx) => {
      const reply = isUuid(replyId) ? await repo.lockReply(tx, replyId) : null;
      const seesPost = reply !== null && (isPublicPost(reply.postStatus) || isStaff || reply.postUserId === editor.id);
      // A held reply (waiting for review, hidden after flags) is only its author's and staff's to see.
      const seesReply = reply !== null && (reply.status === 'published' || isStaff || reply.userId === editor.id);
      if (!reply || !seesPost || !seesReply) throw notFound(MSG.replyNotFound);
      const isAuthor = reply.userId === editor.id;
      if (!isStaff && !isAuthor) throw forbidden(MSG.cannotEditReply);
      if (!isStaff && reply.postStatus !== 'open') throw conflict('REPLIES_DISABLED', MSG.repliesDisabled);
      // The author's level limits an edit as it limits a new reply (a new member's links, photos and mentions).
      const over = isStaff
        ? null
        : replyOverLimits(editor.trustLevel, {
            content: input.content,
            photos: input.keepImageIds.length + input.imageUploadIds.length,
          });
      if (over) throw badRequest(over.message, over.field);
      if (input.version !== reply.version) throw staleEdit();
      if (kind === 'edit') await clearEditDraft(tx, editor.id, { postId: reply.postId, replyId: reply.id });

      const stored = await repo.replyImagesOf(tx, reply.id);
      const storedIds = new Set(stored.map((i) => i.id));
      if (input.keepImageIds.some((id) => !storedIds.has(id))) throw badRequest(MSG.uploadMissing, 'keepImageIds');
      const added = await claimUploads(tx, editor.id, input.imageUploadIds, 'image');
      const removed = stored.filter((i) => !input.keepImageIds.includes(i.id));
      const before: ReplyFields = { content: reply.content, images: stored.map((i) => i.url) };
      const after: ReplyFields = {
        content: input.content,
        images: [
          ...input.keepImageIds.map((id) => stored.find((i) => i.id === id)!.url),
          ...added.map((u) => u.publicUrl),
        ],
      };
      if (sameFields(before, after)) {
        return {
          removedUrls: [],
          result: {
            id: reply.id,
            status: reply.postStatus,
            version: reply.version,
            editedAt: reply.editedAt?.toISOString() ?? null,
            message: MSG.replyUpdated,
          },
        };
      }
      await repo.replaceReplyImages(tx, reply.id, input.keepImageIds, added);
      await queueReplyPhotoDetections(tx, reply.id, detectionOn);

      // Mentions: the stored set follows the text; only members not mentioned before are told.
      const hadMentions = new Set(await repo.replyMentionIds(tx, reply.id));
      const mentions = await resolveMentions(tx, input.content);
      await repo.replaceReplyMentions(tx, reply.id, mentions);
      if (isPublicPost(reply.postStatus) && reply.status === 'published') {
        await insertNotifications(
          tx,
          mentions
            .filter((m) => !hadMentions.has(m.userId) && m.userId !== editor.id && m.userId !== reply.userId)
            .map((m) => ({
              userId: m.userId,
              type: 'mention' as const,
              message: NOTIFICATION_TEXT.mention(isAuthor ? editor.username : UNKNOWN_AUTHOR.username, reply.postTitle),
              postId: reply.postId,
              replyId: reply.id,
            })),
        );
      }
      // Link cards: the links follow the text; only new ones are fetched (known ones are in the cache already).
      const hadLinks = await repo.replyLinkUrls(tx, reply.id);
      const links = previewLinksOf(input.content);
      await repo.deleteReplyLinks(tx, reply.id);
      await insertReplyLinks(tx, reply.id, links);
      if (links.some((url) => !hadLinks.includes(url))) {
        await sendInTransaction(tx, 'fetch-reply-previews', { replyId: reply.id });
      }

      const editedAt = await keepRevision(
        tx,
        {
          postId: reply.postId,
          replyId: reply.id,
          authorId: reply.userId,
          createdAt: reply.createdAt,
          editedAt: reply.editedAt,
        },
        editor.id,
        kind,
        before,
        after,
      );
      const saved = await repo.saveReply(tx, reply.id, { content: input.content, editedAt });
      // Its author's edit of a reply hidden after flags puts it back in review (staff see it in the pending list).
      if (isAuthor && !isStaff && (await repo.resubmitHiddenReply(tx, reply.id)))
        await publishEvent(tx, { type: 'pending.changed' });
      if (isStaff) {
        await writeLog(tx, {
          actorId: editor.id,
          actorUsername: editor.username,
          action: kind === 'restore' ? 'restore_revision' : 'edit_reply',
          targetType: 'reply',
          targetId: reply.id,
          targetLabel: reply.postTitle,
        });
      }
      const urls = removed.map((i) => i.url);
      await repo.forgetUploads(tx, urls);
      return {
        removedUrls: urls,
        result: {
          id: reply.id,
          status: reply.postStatus,
          version: saved.version,
          editedAt: editedAt?.toISOString() ?? null,
          message: kind === 'restore' ? MSG.revisionRestored : MSG.replyUpdated,
        },
      };
    });
    if (removedUrls.length) await removeStoredFiles(storage, storedFilesOf(removedUrls), log);
    return result;
  }

  const toRevision = (row: Awaited<ReturnType<typeof repo.listRevisions>>[number]): Revision => ({
    id: row.id,
    targetType: row.replyId ? 'reply' : 'post',
    targetId: row.replyId ?? row.postId,
    editor: authorOf(row, media),
    createdAt: row.createdAt.toISOString(),
    before: withMedia(row.before),
    after: withMedia(row.after),
    kind: row.kind,
  });
  /** Stored addresses become the browser's (MEDIA_URL). */
  function withMedia<F extends PostFields | ReplyFields>(fields: F): F {
    const out = { ...fields, images: fields.images.map((url) => media(url)) };
    if ('video' in out && out.video) out.video = media(out.video);
    return out;
  }

  return {
    editPost: (editor: MemberRow, postId: string, body: unknown) =>
      applyPostEdit(editor, postId, parse(editPostSchema, body), 'edit'),

    editReply: (editor: MemberRow, replyId: string, body: unknown) =>
      applyReplyEdit(editor, replyId, parse(editReplySchema, body), 'edit'),

    /** A question's or reply's revisions, newest first, for anyone who may see the post. */
    async revisions(viewer: Viewer | null, target: { postId?: string; replyId?: string }): Promise<RevisionList> {
      let postId = target.postId ?? null;
      if (target.replyId) {
        postId = isUuid(target.replyId) ? await repo.replyPostId(db, target.replyId) : null;
        if (!postId) throw notFound(MSG.replyNotFound);
      }
      await posts.visiblePost(viewer, postId ?? '');
      const rows = await repo.listRevisions(db, { postId: postId!, replyId: target.replyId ?? null });
      return { revisions: rows.map(toRevision), canRestore: viewer?.isStaff ?? false };
    },

    /** Staff put back the text a revision replaced (title, description, topic, tags; a reply's text), as a new revision. */
    async restore(editor: MemberRow, revisionId: string): Promise<EditResult> {
      const revision = isUuid(revisionId) ? await repo.findRevision(db, revisionId) : null;
      if (!revision) throw notFound(MSG.revisionNotFound);
      if (revision.replyId) {
        const current = await db.transaction(async (tx) => {
          const reply = await repo.lockReply(tx, revision.replyId!);
          return reply ? { version: reply.version, images: await repo.replyImagesOf(tx, reply.id) } : null;
        });
        if (!current) throw notFound(MSG.replyNotFound);
        const before = revision.before as ReplyFields;
        return applyReplyEdit(
          editor,
          revision.replyId,
          {
            content: before.content,
            keepImageIds: current.images.map((i) => i.id),
            imageUploadIds: [],
            version: current.version,
          },
          'restore',
        );
      }
      const current = await db.transaction(async (tx) => {
        const post = await repo.lockPost(tx, revision.postId);
        return post ? { version: post.version, media: await repo.postMediaAndTags(tx, post.id) } : null;
      });
      if (!current) throw notFound(MSG.postNotFound);
      const before = revision.before as PostFields;
      return applyPostEdit(
        editor,
        revision.postId,
        {
          topic: before.topic,
          title: before.title,
          description: before.description,
          tags: before.tags,
          keepImageIds: current.media.images.map((i) => i.id),
          imageUploadIds: [],
          keepVideo: true,
          videoUploadId: null,
          version: current.version,
        },
        'restore',
      );
    },
  };
}

export type EditingService = ReturnType<typeof editingService>;
