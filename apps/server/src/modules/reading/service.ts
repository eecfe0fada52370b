import { z } from 'zod';
import {
  WHAT_IS_NEW,
  WHAT_IS_NEW_TEXT,
  type MarkReadInput,
  type NewReplyCounts,
  type ReadMark,
} from '@fenestra/shared';
import type { Db } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import type { Viewer } from '../../lib/viewer.js';
import type { PostsService } from '../posts/service.js';
import * as repo from './repo.js';

const postIds = z.array(z.uuid()).max(WHAT_IS_NEW.newRepliesIds);

// How far each member has read each post (issue 25 'What is new'; decision 032): the 'N new' on post cards and
// the 'New' divider on a post page.
export function readingService(deps: { db: Db; posts: PostsService; now: () => Date }) {
  const { db, posts, now } = deps;
  return {
    async readMark(viewer: Viewer, postId: string): Promise<ReadMark> {
      await posts.visiblePost(viewer, postId);
      const until = await repo.readMark(db, viewer.id, postId);
      return { readUntil: until?.toISOString() ?? null };
    },

    /** Read up to a reply of the post (the last one on screen), or the post itself when it shows none. */
    async markRead(viewer: Viewer, postId: string, input: MarkReadInput): Promise<ReadMark> {
      await posts.visiblePost(viewer, postId);
      if (input.replyId && !(await repo.isReplyOnPost(db, postId, input.replyId)))
        throw badRequest(WHAT_IS_NEW_TEXT.replyNotOnPost, 'replyId');
      const readUntil = await repo.markRead(db, {
        userId: viewer.id,
        postId,
        replyId: input.replyId ?? null,
        now: now(),
      });
      return { readUntil: readUntil.toISOString() };
    },

    /** `ids`: the comma-separated posts of a list on screen. */
    async newReplyCounts(viewer: Viewer, ids: string | undefined): Promise<NewReplyCounts> {
      const list = (ids ?? '').split(',').filter(Boolean);
      if (list.length > WHAT_IS_NEW.newRepliesIds) throw badRequest(WHAT_IS_NEW_TEXT.tooManyIds, 'ids');
      const parsed = postIds.safeParse(list);
      if (!parsed.success) throw badRequest(WHAT_IS_NEW_TEXT.invalidIds, 'ids');
      return { counts: await repo.newReplyCounts(db, viewer.id, [...new Set(parsed.data)]) };
    },
  };
}
export type ReadingService = ReturnType<typeof readingService>;
