import { useQueries } from '@tanstack/react-query';
import type { Detection } from '@fenestra/shared';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** How often a photo still being read is asked about again. */
const POLL_MS = 2_000;

/**
 * POST /api/uploads/:id/detection: sends a photo on the ask form to be read, with the form's words so far; asking
 * again queues nothing more and answers where its reading is (so it also serves to follow it).
 */
export function detectDraft(uploadId: string, words: { title: string; description: string }, signal?: AbortSignal) {
  return api<Detection>(`/api/uploads/${encodeURIComponent(uploadId)}/detection`, {
    method: 'POST',
    body: words,
    signal,
  });
}

/**
 * The reading of each photo on the ask form, asked for once it is uploaded and followed until it is read; a photo
 * removed from the form drops out (its reading goes with the upload on the server).
 */
export function useDraftDetections(uploadIds: string[], words: { title: string; description: string }) {
  return useQueries({
    queries: uploadIds.map((id) => ({
      queryKey: queryKeys.draftDetection(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => detectDraft(id, words, signal),
      staleTime: Infinity,
      retry: false,
      refetchInterval: (query: { state: { data?: Detection } }) =>
        query.state.data?.status === 'queued' ? POLL_MS : false,
    })),
  });
}
