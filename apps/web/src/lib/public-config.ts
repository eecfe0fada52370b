import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@fenestra/shared';
import { paths } from '../config/paths';
import { api } from './api-client';

const fallback: PublicConfig = { googleEnabled: false, videoGuidesUrl: paths.videos };

/** The whitelisted server configuration: GET /api/config. */
export const configQueryOptions = queryOptions({
  queryKey: ['config'] as const,
  queryFn: () => api<PublicConfig>('/api/config'),
  staleTime: Infinity,
});

/** The configuration, or safe defaults until it arrives (or if it cannot). */
export function usePublicConfig(): PublicConfig & { isLoading: boolean } {
  const query = useQuery(configQueryOptions);
  return { ...(query.data ?? fallback), isLoading: query.isPending };
}
