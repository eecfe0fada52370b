import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HelpfulMarks, ToggleResult } from '@fenestra/shared';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/posts/:id/helpful-marks: which of the post's replies the member marked (the replies are the same for all). */
export function useHelpfulMarks(postId: string, signedIn: boolean) {
  return useQuery({
    queryKey: queryKeys.replies.helpfulMarks(postId),
    queryFn: ({ signal }) => api<HelpfulMarks>(`/api/posts/${encodeURIComponent(postId)}/helpful-marks`, { signal }),
    enabled: signedIn,
  });
}

/** POST /api/replies/:id/helpful: on or off; the member's marks and the replies' counts are refetched. */
export function useToggleHelpful(postId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (replyId: string) =>
      api<ToggleResult>(`/api/replies/${encodeURIComponent(replyId)}/helpful`, { method: 'POST' }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.replies.helpfulMarks(postId) }),
        client.invalidateQueries({ queryKey: queryKeys.replies.of(postId) }),
      ]),
  });
}
