import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DigestInput, Settings } from '@fenestra/shared';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** PUT /api/settings/digest: how often the digest of new questions comes (issue 25). */
export function updateDigest(input: DigestInput) {
  return api<DigestInput>('/api/settings/digest', { method: 'PUT', body: input });
}

/** Writes the saved frequency into ['settings']. */
export function useUpdateDigest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateDigest,
    onSuccess: ({ digest }) =>
      client.setQueryData<Settings>(queryKeys.settings, (settings) => (settings ? { ...settings, digest } : settings)),
  });
}
