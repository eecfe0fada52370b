import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteSettingsAnswer } from '@fenestra/shared';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/admin/settings (admins): the settings in force and those the environment fixes. */
export const siteSettingsQueryOptions = queryOptions({
  queryKey: queryKeys.admin.siteSettings,
  queryFn: () => api<SiteSettingsAnswer>('/api/admin/settings'),
});

export function useSiteSettings() {
  return useQuery(siteSettingsQueryOptions);
}
