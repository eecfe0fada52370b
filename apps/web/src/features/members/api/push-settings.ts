import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PushDevice, PushPreferences, PushSettings, PushSubscriptionInput } from '@fenestra/shared';
import { api } from '../../../lib/api-client';

// The push part of Settings (issue 29). Its key lives here, not in lib/query-keys.ts: that table is in every page's
// first load, and only this section reads it.
export const pushSettingsKey = ['settings', 'push'] as const;

export const pushSettingsQueryOptions = queryOptions({
  queryKey: pushSettingsKey,
  queryFn: ({ signal }) => api<PushSettings>('/api/settings/push', { signal }),
  refetchOnWindowFocus: false,
});

export function usePushSettings() {
  return useQuery(pushSettingsQueryOptions);
}

/** POST /api/settings/push/devices: this browser's subscription; the device joins the list. */
export function useAddPushDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (subscription: PushSubscriptionInput) =>
      api<PushDevice>('/api/settings/push/devices', { method: 'POST', body: subscription }),
    onSuccess: (device) =>
      client.setQueryData<PushSettings>(pushSettingsKey, (settings) =>
        settings ? { ...settings, devices: [...settings.devices.filter((d) => d.id !== device.id), device] } : settings,
      ),
  });
}

/** DELETE /api/settings/push/devices/:id; the device leaves the list. */
export function useRemovePushDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<{ ok: boolean }>(`/api/settings/push/devices/${id}`, { method: 'DELETE' }).then(() => id),
    onSuccess: (id) =>
      client.setQueryData<PushSettings>(pushSettingsKey, (settings) =>
        settings ? { ...settings, devices: settings.devices.filter((d) => d.id !== id) } : settings,
      ),
  });
}

/** PUT /api/settings/push/preferences with every kind; answers the saved ones. */
export function useUpdatePushPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (preferences: PushPreferences) =>
      api<PushPreferences>('/api/settings/push/preferences', { method: 'PUT', body: preferences }),
    onSuccess: (preferences) =>
      client.setQueryData<PushSettings>(pushSettingsKey, (settings) =>
        settings ? { ...settings, preferences } : settings,
      ),
  });
}
