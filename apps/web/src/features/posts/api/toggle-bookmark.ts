import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG, type ToggleResult } from '@fenestra/shared';
import { toast } from '../../../lib/toast';
import { ApiError, api } from '../../../lib/api-client';
import { useMe } from '../../../lib/session';
import { cancelPostRead, patchCachedPost, restoreSnapshot } from '../lib/post-cache';

/** POST /api/posts/:id/bookmark: saves the post, or removes it from the member's bookmarks. */
export function toggleBookmark(postId: string) {
  return api<ToggleResult>(`/api/posts/${encodeURIComponent(postId)}/bookmark`, { method: 'POST' });
}

/**
 * Bookmark / remove, optimistically in every cached list and the post page; rolled back if the server
 * refuses. Visitors get a toast and no request. Invalidates ['bookmarks'] afterwards.
 * `toggle(bookmarked)` takes the state the person sees.
 */
export function useToggleBookmark(postId: string) {
  const client = useQueryClient();
  const { me, isLoading } = useMe();
  const mutation = useMutation({
    mutationFn: (_wasBookmarked: boolean) => toggleBookmark(postId),
    onMutate: async (wasBookmarked) => {
      await cancelPostRead(client, postId);
      const snapshot = patchCachedPost(client, postId, (post) => ({
        bookmarked: !wasBookmarked,
        bookmarkCount: Math.max(0, post.bookmarkCount + (wasBookmarked ? -1 : 1)),
      }));
      return { snapshot };
    },
    onError: (error, _wasBookmarked, context) => {
      restoreSnapshot(client, context?.snapshot);
      if (!(error instanceof ApiError && error.status === 401)) toast.error(MSG.failedBookmark);
    },
    onSuccess: (result) => {
      patchCachedPost(client, postId, () => ({ bookmarked: result.active, bookmarkCount: result.count }));
      toast.success(result.active ? MSG.postBookmarked : MSG.bookmarkRemoved);
      void client.invalidateQueries({ queryKey: ['bookmarks'] });
    },
  });

  function toggle(wasBookmarked: boolean) {
    if (isLoading || mutation.isPending) return;
    if (!me) {
      toast.error(MSG.signInToBookmark);
      return;
    }
    mutation.mutate(wasBookmarked);
  }

  return { toggle, isPending: mutation.isPending };
}
