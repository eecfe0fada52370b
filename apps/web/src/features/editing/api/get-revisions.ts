import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RevisionList } from '@fenestra/shared';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** What the revisions are of: the question, or one of its replies. */
export type RevisionsOf = { postId: string; replyId?: string };

/** GET /api/posts/:id/revisions or /api/replies/:id/revisions: newest first. */
export const revisionsQuery = ({ postId, replyId }: RevisionsOf) =>
  queryOptions({
    queryKey: replyId ? queryKeys.replies.revisions(postId, replyId) : queryKeys.post.revisions(postId),
    queryFn: ({ signal }) =>
      api<RevisionList>(
        replyId
          ? `/api/replies/${encodeURIComponent(replyId)}/revisions`
          : `/api/posts/${encodeURIComponent(postId)}/revisions`,
        { signal },
      ),
  });

/** Read only while the dialog is open. */
export function useRevisions(target: RevisionsOf, open: boolean) {
  return useQuery({ ...revisionsQuery(target), enabled: open });
}
