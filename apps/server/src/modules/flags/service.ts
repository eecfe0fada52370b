import { z } from 'zod';
import {
  LIMITS,
  MSG,
  NOTIFICATION_TEXT,
  type BanInput,
  type FlagDecision,
  type FlagDecisionResult,
  type FlagInput,
  type FlagQueue,
  type FlagResult,
  type FlagTargetType,
} from '@fenestra/shared';
import type { Db, Tx } from '../../db/client.js';
import { forbidden, notFound, conflict } from '../../lib/errors.js';
import type { MemberRow } from '../../lib/member.js';
import { publishEvent } from '../../realtime/bus-event.js';
import { insertNotifications } from '../notifications/service.js';
import { addToPostCount, writeLog } from '../moderation/service.js';
import * as repo from './repo.js';

const uuid = z.uuid();
const QUEUE_LIMIT = 100;
const OUTCOME = { dismiss: 'dismissed', hide: 'hidden', delete: 'deleted', 'delete-and-ban': 'deleted' } as const;
const LOG_ACTION = {
  dismiss: 'flag_dismiss',
  hide: 'flag_hide',
  delete: 'flag_delete',
  'delete-and-ban': 'flag_delete',
} as const;

/** What flags ask of the staff actions (the moderation and member services): deleting, and banning an author. */
export interface FlagStaffActions {
  deletePost(actor: MemberRow, postId: string): Promise<unknown>;
  deleteReply(actor: MemberRow, replyId: string): Promise<unknown>;
  ban(actor: MemberRow, userId: string, input: BanInput): Promise<unknown>;
}

export function flagsService(deps: {
  db: Db;
  now: () => Date;
  staff: FlagStaffActions;
  /** The open flags' weight that hides their target (the site settings'; LIMITS.trust.hideThreshold by default). */
  hideThreshold?: () => number;
  /** What a flag weighs by its flagger's level (the site settings'; LIMITS.trust.flagWeight by default). */
  flagWeights?: () => readonly number[];
}) {
  const { db, now, staff } = deps;
  const hideThreshold = deps.hideThreshold ?? (() => LIMITS.trust.hideThreshold);
  const flagWeights = deps.flagWeights ?? (() => LIMITS.trust.flagWeight);
  const label = (target: repo.FlagTarget) =>
    target.type === 'post' ? target.postTitle : `Reply on "${target.postTitle}"`;

  async function lockedTarget(tx: Tx, type: FlagTargetType, id: string, missing: string) {
    const target = uuid.safeParse(id).success ? await repo.lockTarget(tx, type, id) : null;
    if (!target) throw notFound(missing);
    return target;
  }

  /** Hides what was flagged (a question goes back to pending review) and tells its author; false when it already was. */
  async function hide(tx: Tx, target: repo.FlagTarget): Promise<boolean> {
    if (target.type === 'reply') {
      if (!(await repo.hideReply(tx, target))) return false;
    } else {
      if (!(await repo.hidePost(tx, target, now()))) return false;
      if (target.authorId) await addToPostCount(tx, target.authorId, -1);
    }
    if (target.authorId) {
      await insertNotifications(tx, [
        {
          userId: target.authorId,
          type: 'content_hidden',
          message: NOTIFICATION_TEXT.content_hidden(target.type === 'post' ? 'question' : 'reply', target.postTitle),
          postId: target.postId,
        },
      ]);
    }
    return true;
  }

  return {
    /**
     * A member's flag on a question or reply they may see and did not write, once; flags whose weights reach the hide
     * threshold hide it at once, pending staff review.
     */
    async flag(member: MemberRow, type: FlagTargetType, id: string, input: FlagInput): Promise<FlagResult> {
      const missing = type === 'post' ? MSG.postNotFound : MSG.replyNotFound;
      const hidden = await db.transaction(async (tx) => {
        const target = await lockedTarget(tx, type, id, missing);
        if (!target.isPublic && target.authorId !== member.id) throw notFound(missing);
        if (target.authorId === member.id) throw forbidden(MSG.flagOwn);
        const weight = flagWeights()[member.trustLevel] ?? 1;
        const note = input.note?.trim() || null;
        if (!(await repo.insertFlag(tx, { target, userId: member.id, reason: input.reason, note, weight })))
          throw conflict('FLAGGED_BEFORE', MSG.flaggedBefore);
        await publishEvent(tx, { type: 'flag.changed', targetType: type, targetId: target.id });
        if ((await repo.openWeight(tx, target)) < hideThreshold()) return false;
        return hide(tx, target);
      });
      return { hidden, message: MSG.flagThanks };
    },

    async queue(): Promise<FlagQueue> {
      return { items: await repo.openItems(db, QUEUE_LIMIT) };
    },

    /**
     * Staff decide an item's open flags: dismiss (shown again if hidden), hide, delete, or delete and ban its author.
     * Each writes a log row and tells every flagger the outcome in one notification.
     */
    async decide(
      actor: MemberRow,
      type: FlagTargetType,
      id: string,
      decision: FlagDecision,
      ban: BanInput | undefined,
    ): Promise<FlagDecisionResult> {
      if (decision === 'delete-and-ban') {
        // The ban first (it may be refused: oneself, an admin by a moderator), so a refusal changes nothing.
        const author = uuid.safeParse(id).success ? await repo.openAuthor(db, type, id) : undefined;
        if (author === undefined) throw notFound(MSG.flagNothingOpen);
        if (author) await staff.ban(actor, author, ban ?? { reason: MSG.noBanReason, duration: 'permanent' });
      }
      const target = await db.transaction(async (tx) => {
        const found = await lockedTarget(tx, type, id, type === 'post' ? MSG.postNotFound : MSG.replyNotFound);
        const flaggers = await repo.resolveFlags(tx, found, decision === 'dismiss' ? 'dismissed' : 'upheld', now());
        if (flaggers.length === 0) throw notFound(MSG.flagNothingOpen);
        if (decision === 'dismiss' && found.isHidden) {
          if (found.type === 'reply') await repo.restoreReply(tx, found);
          else if ((await repo.restorePost(tx, found)) && found.authorId) await addToPostCount(tx, found.authorId, 1);
        }
        if (decision === 'hide') await hide(tx, found);
        await insertNotifications(
          tx,
          flaggers.map((userId) => ({
            userId,
            type: 'flag_resolved' as const,
            message: NOTIFICATION_TEXT.flag_resolved(OUTCOME[decision], found.postTitle),
            // A deleted item's question may be gone: the notification then points nowhere.
            postId:
              decision === 'delete' || decision === 'delete-and-ban'
                ? type === 'post'
                  ? null
                  : found.postId
                : found.postId,
          })),
        );
        await writeLog(tx, {
          actorId: actor.id,
          actorUsername: actor.username,
          action: LOG_ACTION[decision],
          targetType: type,
          targetId: found.id,
          targetLabel: label(found),
          reason: `${flaggers.length} flag${flaggers.length === 1 ? '' : 's'}`,
        });
        await publishEvent(tx, { type: 'flag.changed', targetType: type, targetId: found.id });
        return found;
      });
      if (decision === 'delete' || decision === 'delete-and-ban') {
        if (type === 'post') await staff.deletePost(actor, target.id);
        else await staff.deleteReply(actor, target.id);
      }
      const authorBanned = decision === 'delete-and-ban' && target.authorId !== null;
      return { targetType: type, targetId: target.id, decision, authorBanned, message: MSG.flagDecided[decision] };
    },
  };
}
export type FlagsService = ReturnType<typeof flagsService>;
