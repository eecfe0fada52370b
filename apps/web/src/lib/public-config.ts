import { useContext, useSyncExternalStore } from 'react';
import { QueryClientContext, queryOptions, useQuery } from '@tanstack/react-query';
import { SITE_SETTINGS_DEFAULTS, type PublicConfig } from '@fenestra/shared';
import { paths } from '../config/paths';
import { api } from './api-client';
import { queryKeys } from './query-keys';

const fallback: PublicConfig = {
  googleEnabled: false,
  videoGuidesUrl: paths.videos,
  siteName: SITE_SETTINGS_DEFAULTS.siteName,
  siteDescription: SITE_SETTINGS_DEFAULTS.siteDescription,
  logoUrl: null,
  faviconUrl: null,
  accentColor: null,
  footerLinks: [],
  needsFirstAdmin: false,
};

/** The whitelisted server configuration: GET /api/config. */
export const configQueryOptions = queryOptions({
  queryKey: queryKeys.config,
  queryFn: () => api<PublicConfig>('/api/config'),
  staleTime: Infinity,
});

/** The configuration, or safe defaults until it arrives (or if it cannot). */
export function usePublicConfig(): PublicConfig & { isLoading: boolean } {
  const query = useQuery(configQueryOptions);
  // Merged over the defaults: a server of an earlier release (during a rolling upgrade) sends fewer fields.
  return { ...fallback, ...query.data, isLoading: query.isPending };
}

/**
 * The site's name for titles, read from the configuration the layout loads; also where no query client is (the
 * top-level error page): there it is the default name.
 */
export function useSiteName(): string {
  const client = useContext(QueryClientContext);
  const read = () => client?.getQueryData<PublicConfig>(queryKeys.config)?.siteName ?? fallback.siteName;
  return useSyncExternalStore((onChange) => client?.getQueryCache().subscribe(onChange) ?? (() => {}), read, read);
}
