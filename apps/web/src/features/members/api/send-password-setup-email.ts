import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * POST /api/account/forgot-password for the member's own address: a Google member sets a first
 * password through the reset email.
 */
export function sendPasswordSetupEmail(email: string) {
  return api<unknown>('/api/account/forgot-password', { method: 'POST', body: { email } });
}

export function useSendPasswordSetupEmail() {
  return useMutation({ mutationFn: sendPasswordSetupEmail });
}
