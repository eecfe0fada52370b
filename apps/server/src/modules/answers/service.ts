import { z } from 'zod';
import {
  MSG,
  NOTIFICATION_TEXT,
  POST_ACTION_INFO,
  acceptReplySchema,
  isPublicPost,
  isStaffRole,
  type AcceptResult,
  type ToggleResult,
} from '@fenestra/shared';
import type { Db, Tx } from '../../db/client.js';
import { conflict, forbidden, notFound, unauthorized } from '../../lib/errors.js';
import { lockActingMember, type MemberRow } from '../../lib/member.js';
import { parse } from '../../lib/validation.js';
import { insertNotifications } from '../notifications/service.js';
import { solvedNotices, writeLog } from '../moderation/service.js';
import * as repo from './repo.js';

const uuid = z.uuid();
const isUuid = (value: string) => uuid.safeParse(value).success;

/** The asker accepts the answer that worked; members mark replies helpful (issue 23, decision 029). */
export function answersService(deps: { db: Db }) {
  const { db } = deps;

  /** The question, locked, if the member may act on its answer (its asker or staff); else 404 or 403. */
  async function questionFor(tx: Tx, member: MemberRow, postId: string) {
    const post = isUuid(postId) ? await repo.lockQuestion(tx, postId) : null;
    const isStaff = isStaffRole(member.role);
    const isAsker = post !== null && post.userId === member.id;
    if (!post || (!isPublicPost(post.status) && !isStaff && !isAsker)) throw notFound(MSG.postNotFound);
    if (!isStaff && !isAsker) throw forbidden(MSG.cannotAccept);
    return { post, isStaff };
  }

  return {
    /** Open -> solved with the reply accepted, as staff's Mark as Solved does; the reply's author is told. */
    async accept(member: MemberRow, postId: string, body: unknown): Promise<AcceptResult> {
      const input = parse(acceptReplySchema, body);
      return db.transaction(async (tx) => {
        const { post, isStaff } = await questionFor(tx, member, postId);
        if (post.status !== 'open') {
          throw conflict('ILLEGAL_MOVE', MSG.illegalPostMove('marked as solved', post.status));
        }
        const reply = await repo.replyOfPost(tx, post.id, input.replyId);
        if (!reply) throw notFound(MSG.replyNotFound);
        await repo.setAccepted(tx, post.id, input.replyId);
        const notices = await solvedNotices(tx, post, member.id);
        if (reply.userId && reply.userId !== member.id) {
          notices.unshift({
            userId: reply.userId,
            type: 'reply_accepted',
            message: NOTIFICATION_TEXT.reply_accepted(post.title),
            postId: post.id,
          });
        }
        await insertNotifications(tx, notices);
        if (isStaff) {
          await writeLog(tx, {
            actorId: member.id,
            actorUsername: member.username,
            action: 'solve',
            targetType: 'post',
            targetId: post.id,
            targetLabel: post.title,
          });
        }
        return { postId: post.id, status: 'solved', acceptedReplyId: input.replyId, message: MSG.answerAccepted };
      });
    },

    /** Undo: solved -> open, the accepted reply cleared (the asker or staff). */
    async unaccept(member: MemberRow, postId: string): Promise<AcceptResult> {
      return db.transaction(async (tx) => {
        const { post, isStaff } = await questionFor(tx, member, postId);
        if (post.status !== 'solved' || !post.acceptedReplyId) throw conflict('ILLEGAL_MOVE', MSG.notAccepted);
        await repo.setAccepted(tx, post.id, null);
        if (isStaff) {
          await writeLog(tx, {
            actorId: member.id,
            actorUsername: member.username,
            action: 'reopen',
            targetType: 'post',
            targetId: post.id,
            targetLabel: post.title,
          });
        }
        return { postId: post.id, status: 'open', acceptedReplyId: null, message: POST_ACTION_INFO.reopen.success };
      });
    },

    /** A member's 'Helpful' mark on another member's reply of a public post, on or off; the count moves with the row. */
    async toggleHelpful(member: MemberRow, replyId: string): Promise<ToggleResult> {
      if (!isUuid(replyId)) throw notFound(MSG.replyNotFound);
      return db.transaction(async (tx) => {
        // The member first, then the reply: the order an account deletion takes them in.
        if (!(await lockActingMember(tx, member.id))) throw unauthorized();
        const reply = await repo.lockReplyForMark(tx, replyId);
        if (!reply || !isPublicPost(reply.postStatus)) throw notFound(MSG.replyNotFound);
        if (reply.userId === member.id) throw forbidden(MSG.cannotMarkOwnReply);
        return repo.toggleHelpful(tx, replyId, member.id);
      });
    },
  };
}

export type AnswersService = ReturnType<typeof answersService>;
