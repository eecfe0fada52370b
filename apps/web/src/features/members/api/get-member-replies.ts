import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { MemberReplyList } from '@fenestra/shared';
import { api } from '../../../lib/api-client';
import { memberApiPath } from './get-member-profile';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/users/:username/replies: their replies on public posts, newest first, with the post's title. */
export function getMemberReplies(username: string, cursor: string | null, signal?: AbortSignal) {
  const query = cursor ? `?${new URLSearchParams({ cursor })}` : '';
  return api<MemberReplyList>(`${memberApiPath(username)}/replies${query}`, { signal });
}

export function memberRepliesQueryOptions(username: string) {
  return infiniteQueryOptions({
    queryKey: queryKeys.members.replies(username),
    queryFn: ({ pageParam, signal }) => getMemberReplies(username, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useMemberReplies(username: string) {
  return useInfiniteQuery(memberRepliesQueryOptions(username));
}
