import type { QueryClient } from '@tanstack/react-query';
import type { PostSummary } from '@fenestra/shared';
import { adminStatsQueryKey } from './get-admin-stats';
import { pendingPostsQueryKey } from './get-pending-posts';

/**
 * After an approval or denial: the post leaves the queue at once, and the stats, the post's own page
 * (['post', id]) and the public lists (['posts', ...]) are read again.
 */
export function settleReviewedPost(client: QueryClient, postId: string): void {
  client.setQueryData<PostSummary[]>(pendingPostsQueryKey, (posts) => posts?.filter((post) => post.id !== postId));
  void client.invalidateQueries({ queryKey: adminStatsQueryKey });
  void client.invalidateQueries({ queryKey: ['post', postId] });
  void client.invalidateQueries({ queryKey: ['posts'] });
}
