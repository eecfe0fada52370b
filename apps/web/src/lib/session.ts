import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { MSG, type Me } from '@fenestra/shared';
import { toast } from './toast';
import { api } from './api-client';
import { queryKeys } from './query-keys';

const keptOnSignOut = new Set<unknown>([queryKeys.me[0], queryKeys.config[0]]);

/**
 * The key of a mutation that replaces this tab's session (a password change ends every session of the member and
 * answers with a new one). While one runs, a visitor's answer from /api/me, or a 401, is the old session's, read
 * before the new cookie came back (the live stream hears the old session end first): this tab stays signed in.
 */
export const sessionRenewalKey = ['session-renewal'] as const;
const renewing = (client: QueryClient) => client.isMutating({ mutationKey: sessionRenewalKey }) > 0;

/** Who is signed in: GET /api/me. `null` is a visitor. */
export const meQueryOptions = queryOptions({
  queryKey: queryKeys.me,
  queryFn: async ({ client }) => {
    const wasSignedIn = Boolean(client.getQueryData(queryKeys.me));
    const { me } = await api<{ me: Me | null }>('/api/me');
    if (wasSignedIn && !me && renewing(client)) return client.getQueryData<Me | null>(queryKeys.me) ?? null;
    if (wasSignedIn && !me) {
      // The session ended on the server while this page was open.
      queueMicrotask(() => announceSessionEnded(client));
    }
    return me;
  },
  staleTime: 60_000,
});

export function useMe() {
  const query = useQuery(meQueryOptions);
  return { me: query.data ?? null, isLoading: query.isPending };
}

/** Forget the member: the visitor view, and no cached member-only data. */
export function dropToVisitor(client: QueryClient): void {
  client.setQueryData(queryKeys.me, null);
  client.removeQueries({ predicate: (query) => !keptOnSignOut.has(query.queryKey[0]) });
}

function announceSessionEnded(client: QueryClient): void {
  dropToVisitor(client);
  toast.error(MSG.sessionEnded, { id: 'session-ended' });
}

/** A 401 while the app thinks someone is signed in means the session is gone. */
export function handleUnauthorized(client: QueryClient): void {
  if (client.getQueryData(queryKeys.me) && !renewing(client)) announceSessionEnded(client);
}

/** After sign-in, sign-up or a password reset: the answer's `me` becomes the cached member. */
export function setSignedIn(client: QueryClient, me: Me): void {
  client.setQueryData(queryKeys.me, me);
}
