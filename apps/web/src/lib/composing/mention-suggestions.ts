import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Author } from '@fenestra/shared';
import { api } from '../api-client';

/** GET /api/mentions/suggestions: members whose name starts with what follows '@', the post's thread first. */
export const getMentionSuggestions = (query: string, postId: string | undefined, signal?: AbortSignal) =>
  api<{ members: Author[] }>(
    `/api/mentions/suggestions?${new URLSearchParams({ q: query, ...(postId ? { postId } : {}) })}`,
    { signal },
  );

export function useMentionSuggestions(query: string | null, postId: string | undefined) {
  return useQuery({
    queryKey: ['mention-suggestions', query, postId ?? null],
    queryFn: ({ signal }) => getMentionSuggestions(query!, postId, signal),
    enabled: query !== null,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
