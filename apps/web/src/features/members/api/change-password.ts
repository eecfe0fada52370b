import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { sessionRenewalKey } from '../../../lib/session';

export interface ChangePasswordRequest {
  currentPassword: string;
  newPassword: string;
}

/**
 * POST /api/account/change-password: signs out the member's other sessions. 400 with code
 * 'WRONG_PASSWORD' when the current password is wrong.
 */
export function changePassword(input: ChangePasswordRequest) {
  return api<unknown>('/api/account/change-password', { method: 'POST', body: input });
}

/**
 * This tab stays signed in with the session the answer brings (sessionRenewalKey); once it has come, /api/me is
 * asked again with it, and the live stream (which the old session's end closed) reopens with it (LiveUpdates).
 */
export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: sessionRenewalKey,
    mutationFn: changePassword,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.me }),
  });
}
