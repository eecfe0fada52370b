import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EditPostInput, EditResult } from '@fenestra/shared';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** PATCH /api/posts/:id: the question's fields, the photos kept and added, and the version the form was filled from. */
export function editPost(postId: string, input: EditPostInput): Promise<EditResult> {
  return api<EditResult>(`/api/posts/${encodeURIComponent(postId)}`, { method: 'PATCH', body: input });
}

/** After a save the post page, its revisions and every list showing it are refetched. */
export function useEditPost(postId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: EditPostInput) => editPost(postId, input),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.post.one(postId) }),
        client.invalidateQueries({ queryKey: queryKeys.posts.all }),
      ]),
  });
}
