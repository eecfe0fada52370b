import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

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

/** Nothing cached changes: this session stays signed in. */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
