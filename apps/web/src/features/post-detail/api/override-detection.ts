import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DETECTION_TEXT, type OverrideDetectionInput, type OverrideDetectionResult } from '@fenestra/shared';
import { api, ApiError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/admin/regenerate-image-embedding `{ imageId, userConfirmedObject }` (staff): the answer reads newDetection.object. */
export function overrideDetection(input: OverrideDetectionInput) {
  return api<OverrideDetectionResult>('/api/admin/regenerate-image-embedding', { method: 'POST', body: input });
}

/** The override's failure in the SPEC's words (section 8 'Override errors'): a fetch that throws or 503 is 'not available yet'. */
export function overrideErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError) || error.status === 503) return DETECTION_TEXT.unavailable;
  if (error.status === 401 || error.status === 403) return DETECTION_TEXT.noAccess;
  if (error.status === 429) return DETECTION_TEXT.rateLimited;
  if (error.status === 402) return DETECTION_TEXT.paymentRequired;
  return error.serverMessage || DETECTION_TEXT.fallback;
}

/** Invalidates the post, whose image now shows the corrected object. */
export function useOverrideDetection(postId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: overrideDetection,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.post.one(postId) }),
  });
}
