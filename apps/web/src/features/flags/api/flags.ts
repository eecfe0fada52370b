import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BanDuration,
  FlagDecision,
  FlagDecisionResult,
  FlagInput,
  FlagQueue,
  FlagResult,
  FlagTargetType,
} from '@fenestra/shared';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Under the admin family: `flag.changed` (staff only) makes it stale, so the Flags tab is live. */
const flagQueueKey = [...queryKeys.admin.all, 'flags'] as const;

/** POST /api/posts/:id/flag or /api/replies/:id/flag. */
export function flagContent(input: { targetType: FlagTargetType; targetId: string } & FlagInput) {
  const { targetType, targetId, ...body } = input;
  const path = targetType === 'post' ? 'posts' : 'replies';
  return api<FlagResult>(`/api/${path}/${encodeURIComponent(targetId)}/flag`, { method: 'POST', body });
}

export function useFlagContent() {
  return useMutation({ mutationFn: flagContent });
}

/** GET /api/admin/flags (staff): flagged items with their open flags, oldest first. */
export function useFlagQueue() {
  return useQuery({
    queryKey: flagQueueKey,
    queryFn: ({ signal }) => api<FlagQueue>('/api/admin/flags', { signal }),
  });
}

export interface DecideInput {
  targetType: FlagTargetType;
  targetId: string;
  decision: FlagDecision;
  ban?: { reason: string; duration: BanDuration };
}

/** POST /api/admin/flags/:targetType/:targetId/:decision; the queue, stats and the pending list are read again. */
export function useDecideFlag() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ targetType, targetId, decision, ban }: DecideInput) =>
      api<FlagDecisionResult>(`/api/admin/flags/${targetType}/${encodeURIComponent(targetId)}/${decision}`, {
        method: 'POST',
        body: ban ?? {},
      }),
    onSettled: () => void client.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}
