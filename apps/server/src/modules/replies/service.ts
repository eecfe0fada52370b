import { z } from 'zod';
import {
  MSG,
  NOTIFICATION_TEXT,
  REPLY_PAGE_SIZE,
  type CreateReplyInput,
  previewLinksOf,
  type HelpfulMarks,
  type Reply,
  type ReplyPage,
  type HeldReplies,
  type ReplyActionResult,
  replyLimitsFor,
  replyOverLimits,
} from '@fenestra/shared';
import { findMember } from '../../lib/member.js';
import { publishEvent } from '../../realtime/bus-event.js';
import { writeLog } from '../moderation/service.js';
import type { Db, Tx } from '../../db/client.js';
import { conflict, notFound, badRequest } from '../../lib/errors.js';
import type { MemberRow } from '../../lib/member.js';
import { claimUploads } from '../uploads/service.js';
import { queueReplyPhotoDetections, storedDetectionOf } from '../detection/service.js';
import { resolveMentions } from '../mentions/service.js';
import { renderMemberText } from '../../lib/member-markdown.js';
import { clearDraft } from '../drafts/service.js';
import { insertNotifications, type NewNotification } from '../notifications/service.js';
import type { PostsService, Viewer } from '../posts/service.js';
import * as repo from './repo.js';
import { preparedStatements } from '../../lib/prepared-statements.js';
import { insertReplyLinks, previewsOfReplies } from '../link-previews/service.js';
import type { MediaAddress } from '../../adapters/storage/storage.js';
import { sendInTransaction } from '../../lib/jobs.js';
import { AppError } from '../../lib/errors.js';
import { JSON_TYPE, TAGS, type CachedBody, type PublicCache } from '../../cache/public-cache.js';
import { authorOf } from '../../lib/author.js';
import { answerJson } from '../../lib/contract-json.js';

const uuid = z.uuid();
const replyCursorSchema = z.object({
  a: z.boolean().default(false),
  p: z.boolean(),
  c: z.string().regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/),
  i: z.uuid(),
});

function decodeReplyCursor(raw: unknown): repo.ReplyKey | null {
  if (raw === undefined || raw === null || raw === '') return null;
  try {
    const keys = replyCursorSchema.parse(JSON.parse(Buffer.from(String(raw), 'base64url').toString('utf8')));
    return { accepted: keys.a, pinned: keys.p, createdKey: keys.c, id: keys.i };
  } catch {
    throw badRequest('Invalid cursor', 'cursor');
  }
}
const encodeReplyCursor = (row: repo.ReplyRow) =>
  Buffer.from(JSON.stringify({ a: row.isAccepted, p: row.isPinned, c: row.createdKey, i: row.id }), 'utf8').toString(
    'base64url',
  );

/** Who hears about a new reply: each member mentioned once, then the post's author (a mention beats new_reply); never the writer. */
export function replyRecipients(input: {
  writer: MemberRow;
  post: { id: string; userId: string | null; title: string };
  mentionedIds: string[];
  replyId?: string;
}): NewNotification[] {
  const { writer, post } = input;
  const out: NewNotification[] = [];
  const told = new Set<string>([writer.id]);
  for (const id of input.mentionedIds) {
    if (told.has(id)) continue;
    told.add(id);
    out.push({
      userId: id,
      type: 'mention',
      message: NOTIFICATION_TEXT.mention(writer.username, post.title),
      postId: post.id,
      replyId: input.replyId,
    });
  }
  if (post.userId && !told.has(post.userId)) {
    out.push({
      userId: post.userId,
      type: 'new_reply',
      message: NOTIFICATION_TEXT.new_reply(writer.username, post.title),
      postId: post.id,
      replyId: input.replyId,
    });
  }
  return out;
}

const HOUR_MS = 3_600_000;

export function repliesService(deps: {
  db: Db;
  posts: PostsService;
  media: MediaAddress;
  cache: PublicCache;
  /** AI_PROVIDER is not 'off': the question author's reply photos are read (issue 24). */
  detectionOn: boolean;
  now: () => Date;
}) {
  const { db, posts, media, cache, detectionOn, now } = deps;
  const prepared = preparedStatements();

  /** The output whitelist for replies: rows plus their pictures, mentions and cards (read with them, or now). */
  async function toReplies(rows: repo.ReplyRow[], read?: repo.ReplyAttachments): Promise<Reply[]> {
    const { images, mentions, cards } =
      read ??
      (await repo.attachmentsOf(
        db,
        rows.map((r) => r.id),
      ));
    const previews = previewsOfReplies(cards, media);
    return rows.map((row) => ({
      id: row.id,
      postId: row.postId,
      content: row.content,
      contentHtml: renderMemberText(
        row.content,
        mentions.filter((m) => m.replyId === row.id),
      ).html,
      createdAt: row.createdAt.toISOString(),
      isPinned: row.isPinned,
      author: authorOf(row, media),
      images: images
        .filter((i) => i.replyId === row.id)
        .map((i) => ({
          id: i.id,
          url: media(i.imageUrl),
          displayOrder: i.displayOrder,
          width: i.width,
          height: i.height,
          variantWidths: i.variantWidths,
          ...(i.detectionStatus ? { detection: storedDetectionOf(i.detectionStatus, i.detection) } : {}),
        })),
      mentions: mentions
        .filter((m) => m.replyId === row.id)
        .map(({ handle, userId, username }) => ({ handle, userId, username })),
      previews: previews.get(row.id) ?? [],
      version: row.version,
      editedAt: row.editedAt?.toISOString() ?? null,
      isAccepted: row.isAccepted,
      helpfulCount: row.helpfulCount,
      ...(row.status === 'published' ? {} : { held: row.status }),
    }));
  }

  /** A new member (level 0) posts a few replies an hour, and theirs wait for review until one was approved. */
  async function newReplyStatus(tx: Tx, member: MemberRow): Promise<'published' | 'pending'> {
    if (member.trustLevel > 0) return 'published';
    const perHour = replyLimitsFor(member.trustLevel).repliesPerHour;
    const history = await repo.writerHistory(tx, member.id, new Date(now().getTime() - HOUR_MS));
    if (perHour !== null && history.recent >= perHour)
      throw new AppError(429, 'NEW_MEMBER_REPLY_LIMIT', MSG.newMemberRepliesPerHour);
    return history.hasPublished ? 'published' : 'pending';
  }

  /** Held replies with the question each answers. */
  async function toHeld(rows: repo.ReplyRow[]): Promise<HeldReplies> {
    const titles = await repo.titlesOf(db, [...new Set(rows.map((r) => r.postId))]);
    const shown = await toReplies(rows);
    return {
      replies: shown.map((r) => ({ ...r, held: r.held ?? 'pending', postTitle: titles.get(r.postId) ?? '' })),
    };
  }

  return {
    /** Pinned first, then oldest first, 200 a page; the post must be one the viewer may see. */
    async listReplies(viewer: Viewer | null, postId: string, cursor: unknown): Promise<ReplyPage> {
      await posts.visiblePost(viewer, postId);
      const after = decodeReplyCursor(cursor);
      const statement = prepared(after ? 'reply_page_after' : 'reply_page', () =>
        repo.replyPageStatement(db, after !== null),
      );
      const rows = await statement.execute({
        postId,
        limit: REPLY_PAGE_SIZE + 1,
        ...(after
          ? { accepted: after.accepted, pinned: after.pinned, createdKey: after.createdKey, afterId: after.id }
          : {}),
      });
      const more = rows.length > REPLY_PAGE_SIZE;
      const shown = more ? rows.slice(0, REPLY_PAGE_SIZE) : rows;
      // Each row came with what it shows: one statement for the page.
      const read = {
        images: shown.flatMap((r) => r.images),
        mentions: shown.flatMap((r) => r.mentions),
        cards: shown.flatMap((r) => r.cards),
      };
      return {
        replies: await toReplies(shown, read),
        nextCursor: more ? encodeReplyCursor(shown[shown.length - 1]!) : null,
      };
    },

    /** A public post's replies from the public-read cache (they are the same for everyone); null when the post is not public. */
    async publicReplies(postId: string, cursor: unknown): Promise<CachedBody | null> {
      if (!uuid.safeParse(postId).success) return null;
      decodeReplyCursor(cursor);
      return cache.read(`api:replies:${postId}:${String(cursor ?? '')}`, async () => {
        let page: ReplyPage;
        try {
          page = await this.listReplies(null, postId, cursor);
        } catch (e) {
          if (e instanceof AppError && e.statusCode === 404) return null;
          throw e;
        }
        const people = page.replies.flatMap((r) => [r.author.id, ...r.mentions.map((m) => m.userId)]);
        return {
          body: answerJson.replyPage(page),
          type: JSON_TYPE,
          tags: [TAGS.post(postId), ...[...new Set(people.filter((id): id is string => !!id))].map(TAGS.member)],
        };
      });
    },

    /** Which of a post's replies the member marked helpful (the cached replies are the same for everyone). */
    async helpfulMarks(viewer: Viewer, postId: string): Promise<HelpfulMarks> {
      await posts.visiblePost(viewer, postId);
      return { replyIds: await repo.helpfulMarksOf(db, postId, viewer.id) };
    },

    /** Replies of a post only some see: the member's own held ones, or every held one for staff. */
    async heldReplies(viewer: Viewer, postId: string): Promise<HeldReplies> {
      await posts.visiblePost(viewer, postId);
      return toHeld(await repo.heldReplies(db, { postId, userId: viewer.isStaff ? undefined : viewer.id }));
    },

    /** Every reply waiting for review (staff: the pending list's replies), oldest first. */
    async pendingReplies(): Promise<HeldReplies> {
      return toHeld(await repo.heldReplies(db, { status: 'pending' }));
    },

    /** A pending reply goes live: counted, and its question's author and mentioned members told now. */
    async approveReply(actor: MemberRow, replyId: string): Promise<ReplyActionResult> {
      return db.transaction(async (tx) => {
        const done = uuid.safeParse(replyId).success ? await repo.publishPending(tx, replyId) : null;
        if (!done) {
          const exists = uuid.safeParse(replyId).success && (await repo.findReply(tx, replyId));
          if (!exists) throw notFound(MSG.replyNotFound);
          throw conflict('NOT_PENDING', MSG.replyNotPending);
        }
        const { reply, post } = done;
        const writer = reply.userId ? await findMember(tx, reply.userId) : null;
        if (writer) {
          const mentionedIds = await repo.mentionedIdsOf(tx, reply.id);
          await insertNotifications(tx, replyRecipients({ writer, post, mentionedIds, replyId: reply.id }));
        }
        await writeLog(tx, {
          actorId: actor.id,
          actorUsername: actor.username,
          action: 'approve',
          targetType: 'reply',
          targetId: reply.id,
          targetLabel: post.title,
        });
        await publishEvent(tx, { type: 'pending.changed' });
        return { id: reply.id, postId: post.id, isPinned: false, deleted: false, message: MSG.replyApproved };
      });
    },

    /**
     * A reply to an open post: the row, its pictures, mentions, the post's count and the notifications, in one
     * transaction. A new member (level 0) has their level's limits, and their replies wait for review until one is approved.
     */
    async createReply(member: MemberRow, postId: string, input: CreateReplyInput): Promise<Reply> {
      const over = replyOverLimits(member.trustLevel, { content: input.content, photos: input.imageUploadIds.length });
      if (over) throw badRequest(over.message, over.field);
      const id = await db.transaction(async (tx) => {
        const post = uuid.safeParse(postId).success ? await repo.lockPostForReply(tx, postId) : null;
        // Pending, denied or missing: not a post anyone may reply to, and not one to confirm exists.
        if (!post || (post.status !== 'open' && post.status !== 'solved')) throw notFound(MSG.postNotFound);
        if (post.status === 'solved') throw conflict('REPLIES_DISABLED', MSG.repliesDisabled);
        const status = await newReplyStatus(tx, member);
        const images = await claimUploads(tx, member.id, input.imageUploadIds, 'image');
        const mentions = await resolveMentions(tx, input.content);
        const replyId = await repo.insertReply(tx, {
          postId,
          userId: member.id,
          content: input.content,
          images,
          mentions,
          status,
        });
        await queueReplyPhotoDetections(tx, replyId, detectionOn);
        await clearDraft(tx, member.id, postId);
        // A reply waiting for review tells no one yet (approveReply does), but staff's queue changes.
        if (status === 'pending') await publishEvent(tx, { type: 'pending.changed' });
        else
          await insertNotifications(
            tx,
            replyRecipients({ writer: member, post, mentionedIds: mentions.map((m) => m.userId), replyId }),
          );
        // Cards come later from a job: the reply is saved whatever its links do.
        const links = previewLinksOf(input.content);
        await insertReplyLinks(tx, replyId, links);
        if (links.length) await sendInTransaction(tx, 'fetch-reply-previews', { replyId });
        return replyId;
      });
      return (await toReplies([(await repo.findReply(db, id))!]))[0]!;
    },
  };
}
export type RepliesService = ReturnType<typeof repliesService>;
