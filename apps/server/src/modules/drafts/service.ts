import { z } from 'zod';
import {
  MSG,
  type Draft,
  type QuestionDraftFields,
  type QuestionEditDraftFields,
  type ReplyDraftFields,
  type ReplyEditDraftFields,
} from '@fenestra/shared';
import type { Db, Tx } from '../../db/client.js';
import { forbidden, notFound } from '../../lib/errors.js';
import type { MemberRow } from '../../lib/member.js';
import { viewerFrom } from '../../lib/viewer.js';
import type { PostsService } from '../posts/service.js';
import * as repo from './repo.js';

const isUuid = (value: string) => z.uuid().safeParse(value).success;

// Drafts (issue 25): what a member typed and has not posted, one question draft and one reply draft a post; and
// what they typed into an edit of a question or reply and have not saved, one draft each.

const shown = <F extends Draft['fields']>(
  row: { fields: unknown; updatedAt: Date } | null,
): { draft: Draft<F> | null } => ({
  draft: row ? { fields: row.fields as F, updatedAt: row.updatedAt.toISOString() } : null,
});

export function draftsService(deps: { db: Db; posts: PostsService; now: () => Date }) {
  const { db, posts, now } = deps;
  /** A reply draft is for a post the member may see (404 otherwise, as for the post itself). */
  const seenPost = (member: MemberRow, postId: string) => posts.visiblePost(viewerFrom(member), postId);
  const isStaff = (member: MemberRow) => viewerFrom(member).isStaff;

  /** An edit draft is for a question the member may edit: its author or staff (404 when they cannot see it). */
  async function editablePost(member: MemberRow, postId: string): Promise<repo.DraftKey> {
    const post = await seenPost(member, postId);
    if (post.userId !== member.id && !isStaff(member)) throw forbidden(MSG.cannotEditPost);
    return { kind: 'edit', postId: post.id, replyId: null };
  }

  /** ... or for a reply the member may edit, as the edit itself checks it. */
  async function editableReply(member: MemberRow, replyId: string): Promise<repo.DraftKey> {
    const reply = isUuid(replyId) ? await repo.replyOf(db, replyId) : null;
    if (!reply) throw notFound(MSG.replyNotFound);
    // The post as the member may see it (pending and denied ones: its author and staff); a held reply: its author's.
    const post = await posts.visiblePost(viewerFrom(member), reply.postId).catch(() => null);
    const seesReply = reply.status === 'published' || reply.userId === member.id || isStaff(member);
    if (!post || !seesReply) throw notFound(MSG.replyNotFound);
    if (reply.userId !== member.id && !isStaff(member)) throw forbidden(MSG.cannotEditReply);
    return { kind: 'edit', postId: reply.postId, replyId };
  }

  /** Read, keep and discard, for one kind of draft whose key is found (and checked) from its route's id. */
  function kept<F extends Draft['fields'], Id>(keyOf: (member: MemberRow, id: Id) => Promise<repo.DraftKey>) {
    return {
      async get(member: MemberRow, id: Id) {
        return shown<F>(await repo.findDraft(db, member.id, await keyOf(member, id)));
      },
      async save(member: MemberRow, id: Id, fields: F) {
        return shown<F>(await repo.saveDraft(db, member.id, await keyOf(member, id), fields, now()));
      },
      async discard(member: MemberRow, id: Id) {
        await repo.deleteDraft(db, member.id, await keyOf(member, id));
      },
    };
  }

  return {
    question: kept<QuestionDraftFields, string>(async () => ({ kind: 'compose', postId: null })),
    reply: kept<ReplyDraftFields, string>(async (member, postId) => {
      await seenPost(member, postId);
      return { kind: 'compose', postId };
    }),
    questionEdit: kept<QuestionEditDraftFields, string>(editablePost),
    replyEdit: kept<ReplyEditDraftFields, string>(editableReply),
  };
}
export type DraftsService = ReturnType<typeof draftsService>;

/** Posting clears the draft it came from, in the posting's transaction (asking: postId null). */
export const clearDraft = (tx: Tx, userId: string, postId: string | null) =>
  repo.deleteDraft(tx, userId, { kind: 'compose', postId });

/** Saving an edit clears the member's draft of it, in the edit's transaction (a question's edit: replyId null). */
export const clearEditDraft = (tx: Tx, userId: string, target: { postId: string; replyId: string | null }) =>
  repo.deleteDraft(tx, userId, { kind: 'edit', ...target });
