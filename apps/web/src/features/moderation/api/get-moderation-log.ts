import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ModerationAction, ModerationLogPage } from '@fenestra/shared';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface LogQuery {
  action: ModerationAction | '';
  actor: string;
  from: string;
  to: string;
}

/** GET /api/admin/log (staff only): 50 rows a page, newest first. */
export function getModerationLog(query: LogQuery, cursor: string | null, signal?: AbortSignal) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  if (cursor) params.set('cursor', cursor);
  return api<ModerationLogPage>(`/api/admin/log?${params}`, { signal });
}

export function useModerationLog(query: LogQuery) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: queryKeys.admin.log.page(query),
      queryFn: ({ pageParam, signal }) => getModerationLog(query, pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
    }),
  );
}
