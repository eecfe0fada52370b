import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveSiteSettings, SiteSettingsAnswer } from '@fenestra/shared';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** PUT /api/admin/settings: only the fields that changed. Every page refetches the public config (settings.changed). */
export function saveSiteSettings(input: SaveSiteSettings): Promise<SiteSettingsAnswer> {
  return api<SiteSettingsAnswer>('/api/admin/settings', { method: 'PUT', body: input });
}

export function useSaveSiteSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveSiteSettings,
    onSuccess: (answer) => {
      client.setQueryData(queryKeys.admin.siteSettings, answer);
      void client.invalidateQueries({ queryKey: queryKeys.config });
    },
  });
}
