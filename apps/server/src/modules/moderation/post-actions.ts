import { z } from 'zod';
import {
  MSG,
  NOTIFICATION_TEXT,
  POST_ACTION_INFO,
  type ModerationAction,
  type PostActionResult,
  type PostStatus,
  type ReplyActionResult,
} from '@fenestra/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import { removeStoredFiles, storedFilesOf, type Storage } from '../../adapters/storage/storage.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { MemberRow } from '../../lib/member.js';
import { insertNotifications } from '../notifications/service.js';
import { addToPostCount, solvedNotices } from './repo.js';
import { writeLog } from './log-repo.js';
import * as repo from './post-actions-repo.js';

const uuid = z.uuid();
const isUuid = (value: string) => uuid.safeParse(value).success;
const isPublic = (status: PostStatus) => status === 'open' || status === 'solved';

type StatusAction = 'solve' | 'reopen' | 'unapprove';
const MOVES: Record<StatusAction, { to: PostStatus; verb: string; log: ModerationAction }> = {
  solve: { to: 'solved', verb: 'marked as solved', log: 'solve' },
  reopen: { to: 'open', verb: 'reopened', log: 'reopen' },
  unapprove: { to: 'pending', verb: 'unapproved', log: 'unapprove' },
};

/** Staff actions on a post and its replies (post page); each writes its log row in the same transaction. */
export function postActionsService(deps: { db: Db; storage: Storage; log: FastifyBaseLogger }) {
  const { db, storage, log } = deps;
  const actorOf = (actor: MemberRow) => ({ actorId: actor.id, actorUsername: actor.username });

  async function lockedPost(tx: Tx, postId: string) {
    const post = isUuid(postId) ? await repo.lockPost(tx, postId) : null;
    if (!post) throw notFound(MSG.postNotFound);
    return post;
  }

  async function lockedReply(tx: Tx, replyId: string) {
    const found = isUuid(replyId) ? await repo.findReply(tx, replyId) : null;
    if (!found) throw notFound(MSG.replyNotFound);
    // Lock the post first (every pin or delete on its replies queues behind it), then read the reply again.
    await repo.lockPost(tx, found.postId);
    const reply = await repo.findReply(tx, replyId);
    if (!reply) throw notFound(MSG.replyNotFound);
    return reply;
  }

  return {
    /** open -> solved, solved -> open, open -> pending; any other start is a 409 and changes nothing. */
    async move(actor: MemberRow, postId: string, action: StatusAction): Promise<PostActionResult> {
      const move = MOVES[action];
      return db.transaction(async (tx) => {
        const post = await lockedPost(tx, postId);
        if (!POST_ACTION_INFO[action].from.includes(post.status)) {
          throw conflict('ILLEGAL_MOVE', MSG.illegalPostMove(move.verb, post.status));
        }
        await repo.setPostStatus(tx, post.id, move.to);
        if (action === 'unapprove' && post.userId) await addToPostCount(tx, post.userId, -1);
        if (action === 'solve') await insertNotifications(tx, await solvedNotices(tx, post, actor.id));
        await writeLog(tx, {
          ...actorOf(actor),
          action: move.log,
          targetType: 'post',
          targetId: post.id,
          targetLabel: post.title,
        });
        return { id: post.id, status: move.to, message: POST_ACTION_INFO[action].success };
      });
    },

    /** Removes the post, its replies and every file they hold (files once the transaction has committed). */
    async deletePost(actor: MemberRow, postId: string): Promise<PostActionResult> {
      const urls = await db.transaction(async (tx) => {
        const post = await lockedPost(tx, postId);
        const fileUrls = await repo.postFileUrls(tx, post.id);
        await repo.forgetUploads(tx, fileUrls);
        await repo.deletePost(tx, post.id);
        if (isPublic(post.status) && post.userId) await addToPostCount(tx, post.userId, -1);
        await writeLog(tx, {
          ...actorOf(actor),
          action: 'delete_post',
          targetType: 'post',
          targetId: post.id,
          targetLabel: post.title,
        });
        return fileUrls;
      });
      await removeStoredFiles(storage, storedFilesOf(urls), log);
      return { id: postId, status: 'deleted', message: POST_ACTION_INFO.delete.success };
    },

    /** Pins a reply (clearing any other pin of its post) or unpins it; its first pin ever tells the reply's author. */
    async setPinned(actor: MemberRow, replyId: string, pinned: boolean): Promise<ReplyActionResult> {
      return db.transaction(async (tx) => {
        const reply = await lockedReply(tx, replyId);
        if (reply.isPinned === pinned) {
          throw conflict('ILLEGAL_MOVE', pinned ? 'This reply is already pinned.' : 'This reply is not pinned.');
        }
        if (pinned) {
          await repo.pinReply(tx, reply);
          // One notice (and email) per reply, ever: pin, unpin, pin again tells its author nothing new.
          if (reply.userId && reply.userId !== actor.id && !(await repo.pinnedBefore(tx, reply.id))) {
            await insertNotifications(tx, [
              {
                userId: reply.userId,
                type: 'reply_pinned',
                message: NOTIFICATION_TEXT.reply_pinned(reply.postTitle),
                postId: reply.postId,
              },
            ]);
          }
        } else {
          await repo.unpinReply(tx, reply.id);
        }
        await writeLog(tx, {
          ...actorOf(actor),
          action: pinned ? 'pin_reply' : 'unpin_reply',
          targetType: 'reply',
          targetId: reply.id,
          targetLabel: reply.postTitle,
        });
        return {
          id: reply.id,
          postId: reply.postId,
          isPinned: pinned,
          deleted: false,
          message: pinned ? MSG.replyPinned : MSG.replyUnpinned,
        };
      });
    },

    async deleteReply(actor: MemberRow, replyId: string): Promise<ReplyActionResult> {
      const { reply, urls } = await db.transaction(async (tx) => {
        const target = await lockedReply(tx, replyId);
        const fileUrls = await repo.replyFileUrls(tx, target.id);
        await repo.forgetUploads(tx, fileUrls);
        await repo.deleteReply(tx, target);
        await writeLog(tx, {
          ...actorOf(actor),
          action: 'delete_reply',
          targetType: 'reply',
          targetId: target.id,
          targetLabel: target.postTitle,
        });
        return { reply: target, urls: fileUrls };
      });
      await removeStoredFiles(storage, storedFilesOf(urls), log);
      return { id: reply.id, postId: reply.postId, isPinned: false, deleted: true, message: MSG.replyDeleted };
    },
  };
}

export type PostActionsService = ReturnType<typeof postActionsService>;
