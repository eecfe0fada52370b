import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { NewReplyCounts } from '@fenestra/shared';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useMe } from '../../../lib/session';

/** GET /api/posts/new-replies: replies new to the member on these posts (only posts they opened before). */
export function useNewReplyCounts(postIds: readonly string[]) {
  const { me } = useMe();
  const ids = postIds.slice(0, 50);
  return useQuery({
    queryKey: queryKeys.posts.newReplies(ids),
    queryFn: ({ signal }) =>
      api<NewReplyCounts>(`/api/posts/new-replies?ids=${ids.map(encodeURIComponent).join(',')}`, { signal }),
    enabled: me !== null && ids.length > 0,
    // 'Load more' asks about more posts: the counts already shown stay while the new ones come.
    placeholderData: keepPreviousData,
  }).data?.counts;
}
