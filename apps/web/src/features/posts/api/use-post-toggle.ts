import { useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MSG, type Me } from '@fenestra/shared';
import { isStaleChunkError, reloadOnceForStaleChunk } from '../../../lib/stale-chunk';
import { toast } from '../../../lib/toast';
import type { PostToggle } from './post-toggles';
import { queryKeys } from '../../../lib/query-keys';

/**
 * `toggle(active)` for a post's like or bookmark button, given the state the person sees. Visitors get a toast and
 * no request; a click before /api/me has answered, or while the last one is under way, does nothing. Who is signed
 * in is read at the click and the request's code (post-toggles.ts) loads with the first one, so the twenty cards of
 * a list hydrate without a query or mutation observer per button, and that code is not in the first load.
 */
export function usePostToggle(kind: PostToggle, postId: string): (wasActive: boolean) => void {
  const client = useQueryClient();
  const pending = useRef(false);
  return (wasActive) => {
    const session = client.getQueryState<Me | null>(queryKeys.me);
    if (pending.current || !session || session.status === 'pending') return;
    if (!session.data) {
      toast.error(kind === 'like' ? MSG.signInToLike : MSG.signInToBookmark);
      return;
    }
    pending.current = true;
    void import('./post-toggles')
      .then(({ togglePost }) => togglePost(client, kind, postId, wasActive))
      .catch((error: unknown) => {
        if (isStaleChunkError(error) && reloadOnceForStaleChunk()) return;
        toast.error(kind === 'like' ? MSG.failedLike : MSG.failedBookmark);
      })
      .finally(() => {
        pending.current = false;
      });
  };
}
