import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PostDetail } from '@fenestra/shared';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/posts/:id. A 404 means missing or not visible to this viewer (pending and denied posts). */
export function getPost(id: string, signal?: AbortSignal) {
  return api<PostDetail>(`/api/posts/${encodeURIComponent(id)}`, { signal });
}

/** Keyed ['post', id]: likes, bookmarks and moderation actions invalidate this key. */
export function postQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.post.one(id),
    queryFn: ({ signal }) => getPost(id, signal),
  });
}

export function usePost(id: string) {
  return useQuery(postQueryOptions(id));
}
