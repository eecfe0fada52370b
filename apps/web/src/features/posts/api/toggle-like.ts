import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG, type ToggleResult } from '@fenestra/shared';
import { toast } from '../../../lib/toast';
import { ApiError, api } from '../../../lib/api-client';
import { useMe } from '../../../lib/session';
import { cancelPostRead, patchCachedPost, restoreSnapshot } from '../lib/post-cache';

/** POST /api/posts/:id/like: likes the post, or takes the like back. */
export function toggleLike(postId: string) {
  return api<ToggleResult>(`/api/posts/${encodeURIComponent(postId)}/like`, { method: 'POST' });
}

/**
 * Like / unlike, optimistically in every cached list and the post page; rolled back if the server
 * refuses. Visitors get a toast and no request. `toggle(liked)` takes the state the person sees.
 */
export function useToggleLike(postId: string) {
  const client = useQueryClient();
  const { me, isLoading } = useMe();
  const mutation = useMutation({
    mutationFn: (_wasLiked: boolean) => toggleLike(postId),
    onMutate: async (wasLiked) => {
      await cancelPostRead(client, postId);
      const snapshot = patchCachedPost(client, postId, (post) => ({
        liked: !wasLiked,
        voteCount: Math.max(0, post.voteCount + (wasLiked ? -1 : 1)),
      }));
      return { snapshot };
    },
    onError: (error, _wasLiked, context) => {
      restoreSnapshot(client, context?.snapshot);
      // A 401 means the session ended: the app already says so.
      if (!(error instanceof ApiError && error.status === 401)) toast.error(MSG.failedLike);
    },
    onSuccess: (result) => {
      patchCachedPost(client, postId, () => ({ liked: result.active, voteCount: result.count }));
    },
  });

  function toggle(wasLiked: boolean) {
    if (isLoading || mutation.isPending) return;
    if (!me) {
      toast.error(MSG.signInToLike);
      return;
    }
    mutation.mutate(wasLiked);
  }

  return { toggle, isPending: mutation.isPending };
}
