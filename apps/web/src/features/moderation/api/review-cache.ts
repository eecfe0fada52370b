import type { QueryClient } from '@tanstack/react-query';
import type { PostSummary } from '@fenestra/shared';
import { queryKeys } from '../../../lib/query-keys';

/**
 * After an approval or denial: the post leaves the queue at once, and the stats, the post's own page
 * (['post', id]) and the public lists (['posts', ...]) are read again.
 */
export function settleReviewedPost(client: QueryClient, postId: string): void {
  client.setQueryData<PostSummary[]>(queryKeys.admin.pending, (posts) => posts?.filter((post) => post.id !== postId));
  void client.invalidateQueries({ queryKey: queryKeys.admin.stats });
  void client.invalidateQueries({ queryKey: queryKeys.post.one(postId) });
  void client.invalidateQueries({ queryKey: queryKeys.posts.all });
}
