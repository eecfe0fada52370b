import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberProfile } from '@fenestra/shared';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The API path of a member: /api/users/:username. */
export const memberApiPath = (username: string) => `/api/users/${encodeURIComponent(username)}`;

/** GET /api/users/:username: 404 'User not found'. Status and ban reason only for staff viewers. */
export function getMemberProfile(username: string, signal?: AbortSignal) {
  return api<MemberProfile>(memberApiPath(username), { signal });
}

/** Every profile lives under ['members', ...]: a change to one's own name or avatar invalidates them all. */
export function memberProfileQueryOptions(username: string) {
  return queryOptions({
    queryKey: queryKeys.members.profile(username),
    queryFn: ({ signal }) => getMemberProfile(username, signal),
  });
}

export function useMemberProfile(username: string) {
  return useQuery(memberProfileQueryOptions(username));
}
