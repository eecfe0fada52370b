import { MSG, type CreatePostInput, type PostDetail } from '@fenestra/shared';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import type { MemberRow } from '../../lib/member.js';
import { activeBan } from '../../lib/ban.js';
import type { MediaAddress } from '../../adapters/storage/storage.js';
import type { PublicCache } from '../../cache/public-cache.js';
import * as repo from './repo.js';
import type { CommunitySwitches } from '../../config/community.js';
import { createPost } from './create-post.js';
import { parseListQuery, postLists } from './lists.js';
import { toggleMark } from './marks.js';
import { publicPostReads } from './public-reads.js';
import { preparedStatements } from '../../lib/prepared-statements.js';
import { postSummaries } from './summaries.js';
import { previewKeeper, type PreviewKeeper } from './previews.js';
import { canSee, isPostId, viewerFrom, type Viewer } from './viewer.js';

// The posts module's one service: what other modules and the routes call. Each concern lives in its own file.
export { viewerFrom, type Viewer } from './viewer.js';
export type { ListQuery } from './lists.js';
export type { PublicAnswer } from './public-reads.js';
// What other modules read of posts in their own statements: a card's columns and a member's marks on posts.
export { insertVideo, memberMarks, summaryColumns, type SummaryRow } from './repo.js';
export { fillPreviews, keepPreviewOf, previewKeeper, previewSourceOf, type PreviewKeeper } from './previews.js';

export function postsService(deps: {
  db: Db;
  publicUrl: string;
  media: MediaAddress;
  cache: PublicCache;
  detectionOn: boolean;
  /** The operator's switches (AUTO_APPROVE_TRUSTED); unset: all off. */
  switches?: () => CommunitySwitches;
  /** Where the card previews reads make are kept; unset: kept by a keeper of its own. */
  previews?: PreviewKeeper;
}) {
  const { db, media, cache, detectionOn } = deps;
  const switches = deps.switches ?? (() => ({ autoApproveTrusted: false, requireEmailVerification: false }));
  const prepared = preparedStatements();
  const previews = deps.previews ?? previewKeeper(db);
  const { summaries, detailOf } = postSummaries(db, media, previews);
  const lists = postLists({ db, prepared, summaries });

  const findPost = async (id: string): Promise<repo.SummaryRow | null> =>
    ((await prepared('find_post', () => repo.findPostStatement(db)).execute({ id }))[0] as
      repo.SummaryRow | undefined) ?? null;

  /** A post the viewer may see (pending and denied ones only for their author and staff), else 'Post not found'. */
  async function visiblePost(viewer: Viewer | null, id: string): Promise<repo.SummaryRow> {
    const row = isPostId(id) ? await findPost(id) : null;
    if (!row || !canSee(row, viewer)) throw notFound(MSG.postNotFound);
    return row;
  }

  return {
    summaries,
    parseListQuery,
    ...lists,
    ...publicPostReads({ db, cache, lists, findPost, detailOf }),
    visiblePost,

    /** A signed-in member who is not banned; banned members read as visitors. */
    async viewerOf(member: MemberRow | null): Promise<Viewer | null> {
      if (!member || (await activeBan(db, member))) return null;
      return viewerFrom(member);
    },

    createPost: (member: MemberRow, input: CreatePostInput) => createPost({ db, detectionOn, switches }, member, input),

    /** One post; pending and denied ones only for their author and staff, else 'Post not found'. */
    async getPost(viewer: Viewer | null, id: string): Promise<PostDetail> {
      return detailOf(await visiblePost(viewer, id), viewer);
    },

    toggleLike: (member: MemberRow, postId: string) => toggleMark(db, 'like', member, postId),
    toggleBookmark: (member: MemberRow, postId: string) => toggleMark(db, 'bookmark', member, postId),
  };
}

export type PostsService = ReturnType<typeof postsService>;
