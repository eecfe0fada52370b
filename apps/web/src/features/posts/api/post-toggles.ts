import type { QueryClient } from '@tanstack/react-query';
import { MSG, type ToggleResult } from '@fenestra/shared';
import { toast } from '../../../lib/toast';
import { toastIfEmailUnconfirmed } from '../../../lib/confirm-email';
import { ApiError, api } from '../../../lib/api-client';
import { cancelPostRead, patchCachedPost, restoreSnapshot } from '../lib/post-cache';
import { queryKeys } from '../../../lib/query-keys';

// Loaded on a member's first like or bookmark (use-post-toggle.ts), not with the page.

export type PostToggle = 'like' | 'bookmark';

/** POST /api/posts/:id/like or /bookmark: likes (bookmarks) the post, or takes it back. */
export function togglePostRequest(kind: PostToggle, postId: string) {
  return api<ToggleResult>(`/api/posts/${encodeURIComponent(postId)}/${kind}`, { method: 'POST' });
}

const optimistic = {
  like: (wasActive: boolean) => (post: { voteCount: number }) => ({
    liked: !wasActive,
    voteCount: Math.max(0, post.voteCount + (wasActive ? -1 : 1)),
  }),
  bookmark: (wasActive: boolean) => (post: { bookmarkCount: number }) => ({
    bookmarked: !wasActive,
    bookmarkCount: Math.max(0, post.bookmarkCount + (wasActive ? -1 : 1)),
  }),
};

/**
 * Like / unlike or bookmark / remove, optimistically in every cached list and the post page; rolled back with a
 * toast if the server refuses (a 401 says nothing more: the app already says the session ended). A bookmark says
 * so, and refreshes ['bookmarks'].
 */
export async function togglePost(
  client: QueryClient,
  kind: PostToggle,
  postId: string,
  wasActive: boolean,
): Promise<void> {
  await cancelPostRead(client, postId);
  const snapshot = patchCachedPost(client, postId, optimistic[kind](wasActive));
  let result: ToggleResult;
  try {
    result = await togglePostRequest(kind, postId);
  } catch (error) {
    restoreSnapshot(client, snapshot);
    if (!(error instanceof ApiError && error.status === 401) && !toastIfEmailUnconfirmed(error))
      toast.error(kind === 'like' ? MSG.failedLike : MSG.failedBookmark);
    return;
  }
  if (kind === 'like') {
    patchCachedPost(client, postId, () => ({ liked: result.active, voteCount: result.count }));
    return;
  }
  patchCachedPost(client, postId, () => ({ bookmarked: result.active, bookmarkCount: result.count }));
  toast.success(result.active ? MSG.postBookmarked : MSG.bookmarkRemoved);
  void client.invalidateQueries({ queryKey: queryKeys.bookmarks.all });
}
