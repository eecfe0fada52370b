import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AdminUserList, UserRoleFilter, UserSort, UserStatusFilter } from '@fenestra/shared';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface UserQuery {
  q: string;
  role: UserRoleFilter;
  status: UserStatusFilter;
  sort: UserSort;
}

/** GET /api/admin/users (staff only): one page of 50 members matching the search and filters. */
export function getUsers(query: UserQuery, cursor: string | null, signal?: AbortSignal) {
  const params = new URLSearchParams({ q: query.q, role: query.role, status: query.status, sort: query.sort });
  if (cursor) params.set('cursor', cursor);
  return api<AdminUserList>(`/api/admin/users?${params}`, { signal });
}

export function usersQueryOptions(query: UserQuery) {
  return infiniteQueryOptions({
    queryKey: queryKeys.admin.users.page(query),
    queryFn: ({ pageParam, signal }) => getUsers(query, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useUsers(query: UserQuery) {
  return useInfiniteQuery(usersQueryOptions(query));
}
