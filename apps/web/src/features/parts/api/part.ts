import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MergePartInput, NamePartInput, PartPage } from '@fenestra/shared';
import { ApiError, api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/parts/:key: a part's page. */
export const partQueryOptions = (key: string) =>
  queryOptions({
    queryKey: queryKeys.posts.part(key),
    queryFn: ({ signal }) => api<PartPage>(`/api/parts/${encodeURIComponent(key)}`, { signal }),
    staleTime: 30_000,
    // A part with no page is not asked again.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });

export const usePart = (key: string) => useQuery(partQueryOptions(key));

/** GET /api/parts?q=: the part pages a search finds first. */
export function usePartMatches(q: string) {
  return useQuery({
    queryKey: queryKeys.posts.partMatches(q),
    queryFn: ({ signal }) =>
      api<{ parts: { key: string; number: string; name: string | null; questions: number }[] }>(
        `/api/parts?q=${encodeURIComponent(q)}`,
        { signal },
      ),
    enabled: q.trim() !== '',
    staleTime: 30_000,
  });
}

type Changed = { key: string; message: string };

/** Staff: name a part and give it a category. */
export function useNamePart(key: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: NamePartInput) =>
      api<Changed>(`/api/parts/${encodeURIComponent(key)}`, { method: 'PATCH', body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.posts.part(key) }),
  });
}

/** Staff: merge this number into another. */
export function useMergePart(key: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: MergePartInput) =>
      api<Changed>(`/api/parts/${encodeURIComponent(key)}/merge`, { method: 'POST', body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.posts.all }),
  });
}
