import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/admin/version (staff): the release and build this instance runs. */
export function useRunningVersion() {
  return useQuery({
    queryKey: queryKeys.admin.version,
    queryFn: () => api<{ version: string; build: string }>('/api/admin/version'),
    staleTime: Infinity,
  });
}
