import { z } from 'zod';
import {
  MSG,
  NOTIFICATION_TEXT,
  UNKNOWN_AUTHOR,
  type AdminStats,
  type DenyInput,
  type PostStatus,
  type PostSummary,
} from '@fenestra/shared';
import type { Db, Tx } from '../../db/client.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import type { MemberRow } from '../../lib/member.js';
import { insertNotifications, type NewNotification } from '../notifications/service.js';
import { resolveMentions } from '../mentions/service.js';
import { viewerFrom, type Viewer } from '../../lib/viewer.js';
import * as repo from './repo.js';
import { writeLog } from './log-repo.js';

// What other modules call: the moderation log's one writer, and the notices a post's solving sends.
export { writeLog, type LogRow } from './log-repo.js';
export { solvedNotices, addToPostCount } from './repo.js';

export interface ModerationResult {
  id: string;
  status: PostStatus;
  authorBanned: boolean;
  message: string;
}

const uuid = z.uuid();
const isUuid = (value: string) => uuid.safeParse(value).success;

/** What moderation asks of the posts module (its service): the review queue's cards. */
export interface PendingPosts {
  pendingQueue(viewer: Viewer): Promise<PostSummary[]>;
}

export function moderationService(deps: { db: Db; posts: PendingPosts }) {
  const { db, posts } = deps;

  /** The pending post, moved on; 404 when missing, 409 when someone already decided. */
  async function takePending(tx: Tx, postId: string, to: Parameters<typeof repo.movePendingPost>[2], verb: string) {
    const post = isUuid(postId) ? await repo.movePendingPost(tx, postId, to) : null;
    if (post) return post;
    const status = isUuid(postId) ? await repo.postStatusOf(tx, postId) : null;
    if (!status) throw notFound(MSG.postNotFound);
    throw conflict('NOT_PENDING', MSG.notPending(verb, status));
  }

  const actorOf = (actor: MemberRow) => ({ actorId: actor.id, actorUsername: actor.username });

  return {
    async stats(): Promise<AdminStats> {
      return repo.dashboardFigures(db);
    },

    async pending(actor: MemberRow): Promise<{ posts: PostSummary[] }> {
      return { posts: await posts.pendingQueue(viewerFrom(actor)) };
    },

    /** pending -> open; the author's public post count, their notification and the log change with it. */
    async approve(actor: MemberRow, postId: string): Promise<ModerationResult> {
      return db.transaction(async (tx) => {
        const post = await takePending(tx, postId, { status: 'open', denialReason: null }, 'approved');
        const told: NewNotification[] = [];
        if (post.userId) {
          await repo.addToPostCount(tx, post.userId, 1);
          told.push({
            userId: post.userId,
            type: 'post_approved',
            message: NOTIFICATION_TEXT.post_approved(post.title),
            postId: post.id,
          });
        }
        // Mentions in a post are news once, when it first goes public; never while pending, never again.
        if (!(await repo.approvedBefore(tx, post.id))) {
          const { description, authorUsername } = await repo.postTextOf(tx, post.id);
          for (const mention of await resolveMentions(tx, description)) {
            if (mention.userId === actor.id || mention.userId === post.userId) continue;
            told.push({
              userId: mention.userId,
              type: 'mention',
              postId: post.id,
              message: NOTIFICATION_TEXT.mention(authorUsername ?? UNKNOWN_AUTHOR.username, post.title),
            });
          }
        }
        await insertNotifications(tx, told);
        await writeLog(tx, {
          ...actorOf(actor),
          action: 'approve',
          targetType: 'post',
          targetId: post.id,
          targetLabel: post.title,
        });
        return { id: post.id, status: 'open', authorBanned: false, message: MSG.postApproved };
      });
    },

    /** pending -> denied with a reason; optionally bans the author for good (never oneself, never an admin by a moderator). */
    async deny(actor: MemberRow, postId: string, input: DenyInput): Promise<ModerationResult> {
      return db.transaction(async (tx) => {
        const post = await takePending(tx, postId, { status: 'denied', denialReason: input.reason }, 'denied');
        if (post.userId) {
          await insertNotifications(tx, [
            {
              userId: post.userId,
              type: 'post_denied',
              message: NOTIFICATION_TEXT.post_denied(post.title, input.reason),
              postId: post.id,
            },
          ]);
        }
        await writeLog(tx, {
          ...actorOf(actor),
          action: 'deny',
          targetType: 'post',
          targetId: post.id,
          targetLabel: post.title,
          reason: input.reason,
        });
        const author = input.banAuthor && post.userId ? await repo.memberForBan(tx, post.userId) : null;
        if (author) {
          if (author.id === actor.id) throw forbidden(MSG.cannotBanSelf);
          if (author.role === 'admin' && actor.role !== 'admin') throw forbidden(MSG.moderatorCannotBanAdmin);
          const reason = MSG.bannedForDeniedPost(input.reason);
          await repo.banPermanently(tx, author.id, reason);
          await writeLog(tx, {
            ...actorOf(actor),
            action: 'ban',
            targetType: 'user',
            targetId: author.id,
            targetLabel: author.username,
            reason,
          });
        }
        return { id: post.id, status: 'denied', authorBanned: author !== null, message: MSG.postDenied };
      });
    },
  };
}

export type ModerationService = ReturnType<typeof moderationService>;
