import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailPreferences, EmailPreferencesInput, Settings } from '@fenestra/shared';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** PUT /api/settings/email-preferences with all six booleans; answers the saved preferences. */
export function updateEmailPreferences(input: EmailPreferencesInput) {
  return api<EmailPreferences>('/api/settings/email-preferences', { method: 'PUT', body: input });
}

/** Writes the saved preferences into ['settings']. */
export function useUpdateEmailPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateEmailPreferences,
    onSuccess: (emailPreferences) =>
      client.setQueryData<Settings>(queryKeys.settings, (settings) =>
        settings ? { ...settings, emailPreferences } : settings,
      ),
  });
}
