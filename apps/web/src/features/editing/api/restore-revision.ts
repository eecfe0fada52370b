import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EditResult } from '@fenestra/shared';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/revisions/:id/restore (staff): the text before that edit comes back, as a new revision. */
export function restoreRevision(revisionId: string): Promise<EditResult> {
  return api<EditResult>(`/api/revisions/${encodeURIComponent(revisionId)}/restore`, { method: 'POST' });
}

export function useRestoreRevision(postId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: restoreRevision,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.post.one(postId) }),
        client.invalidateQueries({ queryKey: queryKeys.replies.of(postId) }),
      ]),
  });
}
