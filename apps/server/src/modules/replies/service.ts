import { z } from 'zod';
import {
  MSG, NOTIFICATION_TEXT, REPLY_PAGE_SIZE, createReplySchema, previewLinksOf, type Reply, type ReplyPage,
} from '@fenestra/shared';
import type { Db } from '../../db/client.js';
import { conflict, notFound, badRequest } from '../../lib/errors.js';
import type { MemberRow } from '../../lib/member.js';
import { parse } from '../../lib/validation.js';
import { claimUploads } from '../uploads/repo.js';
import { resolveMentions } from '../mentions/repo.js';
import { insertNotifications, type NewNotification } from '../notifications/repo.js';
import type { PostsService, Viewer } from '../posts/service.js';
import * as repo from './repo.js';
import { insertReplyLinks } from '../link-previews/repo.js';
import { previewsOfReplies } from '../link-previews/service.js';
import type { MediaAddress } from '../../adapters/storage/storage.js';
import { sendInTransaction } from '../../jobs/queue.js';
import { AppError } from '../../lib/errors.js';
import { JSON_TYPE, TAGS, type CachedBody, type PublicCache } from '../../cache/public-cache.js';
import { authorOf } from '../../lib/author.js';

const uuid = z.uuid();
const replyCursorSchema = z.object({
  p: z.boolean(),
  c: z.string().regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/),
  i: z.uuid(),
});

function decodeReplyCursor(raw: unknown): repo.ReplyKey | null {
  if (raw === undefined || raw === null || raw === '') return null;
  try {
    const keys = replyCursorSchema.parse(JSON.parse(Buffer.from(String(raw), 'base64url').toString('utf8')));
    return { pinned: keys.p, createdKey: keys.c, id: keys.i };
  } catch {
    throw badRequest('Invalid cursor', 'cursor');
  }
}
const encodeReplyCursor = (row: repo.ReplyRow) =>
  Buffer.from(JSON.stringify({ p: row.isPinned, c: row.createdKey, i: row.id }), 'utf8').toString('base64url');

/** Who hears about a new reply: each member mentioned once, then the post's author (a mention beats new_reply); never the writer. */
export function replyRecipients(input: {
  writer: MemberRow; post: { id: string; userId: string | null; title: string }; mentionedIds: string[];
}): NewNotification[] {
  const { writer, post } = input;
  const out: NewNotification[] = [];
  const told = new Set<string>([writer.id]);
  for (const id of input.mentionedIds) {
    if (told.has(id)) continue;
    told.add(id);
    out.push({ userId: id, type: 'mention', message: NOTIFICATION_TEXT.mention(writer.username, post.title), postId: post.id });
  }
  if (post.userId && !told.has(post.userId)) {
    out.push({ userId: post.userId, type: 'new_reply', message: NOTIFICATION_TEXT.new_reply(writer.username, post.title), postId: post.id });
  }
  return out;
}

export function repliesService(deps: { db: Db; posts: PostsService; media: MediaAddress; cache: PublicCache }) {
  const { db, posts, media, cache } = deps;

  /** The output whitelist for replies: rows plus their batched pictures and mentions. */
  async function toReplies(rows: repo.ReplyRow[]): Promise<Reply[]> {
    const ids = rows.map((r) => r.id);
    // One after the other: a request holds one pool connection at a time.
    const images = await repo.imagesOf(db, ids);
    const mentions = await repo.mentionsOf(db, ids);
    const previews = await previewsOfReplies(db, ids, media);
    return rows.map((row) => ({
      id: row.id,
      postId: row.postId,
      content: row.content,
      createdAt: row.createdAt.toISOString(),
      isPinned: row.isPinned,
      author: authorOf(row, media),
      images: images.filter((i) => i.replyId === row.id).map((i) => ({
        id: i.id, url: media(i.imageUrl), displayOrder: i.displayOrder, width: i.width, height: i.height, variantWidths: i.variantWidths,
      })),
      mentions: mentions.filter((m) => m.replyId === row.id).map(({ handle, userId, username }) => ({ handle, userId, username })),
      previews: previews.get(row.id) ?? [],
    }));
  }

  return {
    /** Pinned first, then oldest first, 200 a page; the post must be one the viewer may see. */
    async listReplies(viewer: Viewer | null, postId: string, cursor: unknown): Promise<ReplyPage> {
      await posts.visiblePost(viewer, postId);
      const rows = await repo.selectReplies(db, postId, decodeReplyCursor(cursor), REPLY_PAGE_SIZE + 1);
      const more = rows.length > REPLY_PAGE_SIZE;
      const shown = more ? rows.slice(0, REPLY_PAGE_SIZE) : rows;
      return { replies: await toReplies(shown), nextCursor: more ? encodeReplyCursor(shown[shown.length - 1]!) : null };
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
          body: JSON.stringify(page),
          type: JSON_TYPE,
          tags: [TAGS.post(postId), ...[...new Set(people.filter((id): id is string => !!id))].map(TAGS.member)],
        };
      });
    },

    /** A reply to an open post: the row, its pictures, mentions, the post's count and the notifications, in one transaction. */
    async createReply(member: MemberRow, postId: string, body: unknown): Promise<Reply> {
      const input = parse(createReplySchema, body);
      const id = await db.transaction(async (tx) => {
        const post = uuid.safeParse(postId).success ? await repo.lockPostForReply(tx, postId) : null;
        // Pending, denied or missing: not a post anyone may reply to, and not one to confirm exists.
        if (!post || (post.status !== 'open' && post.status !== 'solved')) throw notFound(MSG.postNotFound);
        if (post.status === 'solved') throw conflict('REPLIES_DISABLED', MSG.repliesDisabled);
        const images = await claimUploads(tx, member.id, input.imageUploadIds, 'image');
        const mentions = await resolveMentions(tx, input.content);
        const replyId = await repo.insertReply(tx, { postId, userId: member.id, content: input.content, images, mentions });
        await insertNotifications(tx, replyRecipients({ writer: member, post, mentionedIds: mentions.map((m) => m.userId) }));
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
