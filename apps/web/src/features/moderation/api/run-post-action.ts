import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostAction, PostActionResult, PostDetail } from '@fenestra/shared';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface PostActionInput {
  postId: string;
  action: PostAction;
}

/** POST /api/admin/posts/:id/{solve|reopen|unapprove}, or DELETE /api/admin/posts/:id (staff only). */
export function runPostAction({ postId, action }: PostActionInput) {
  const id = encodeURIComponent(postId);
  return action === 'delete'
    ? api<PostActionResult>(`/api/admin/posts/${id}`, { method: 'DELETE' })
    : api<PostActionResult>(`/api/admin/posts/${id}/${action}`, { method: 'POST' });
}

/** The post page shows the new status at once; lists, the queue and the stats are read again. */
export function useRunPostAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: runPostAction,
    onSuccess: (result, { postId }) => {
      if (result.status === 'deleted') {
        client.removeQueries({ queryKey: queryKeys.post.one(postId) });
      } else {
        const status = result.status;
        client.setQueryData<PostDetail>(queryKeys.post.one(postId), (post) => (post ? { ...post, status } : post));
        void client.invalidateQueries({ queryKey: queryKeys.post.one(postId) });
      }
      void client.invalidateQueries({ queryKey: queryKeys.posts.all });
      void client.invalidateQueries({ queryKey: queryKeys.admin.pending });
      void client.invalidateQueries({ queryKey: queryKeys.admin.stats });
    },
  });
}
