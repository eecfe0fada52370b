import { useMutation } from '@tanstack/react-query';
import type { ResetRequestInput } from '@fenestra/shared';
import { api } from '../../../lib/api-client';

/** Always answers 200 for a valid address, whether or not an account exists. */
export function requestPasswordReset(input: ResetRequestInput) {
  return api<unknown>('/api/account/forgot-password', { method: 'POST', body: input });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
