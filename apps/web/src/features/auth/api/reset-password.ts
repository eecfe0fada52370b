import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Me } from '@fenestra/shared';
import { api } from '../../../lib/api-client';
import { setSignedIn } from '../../../lib/session';

export function resetPassword(input: { token: string; password: string }) {
  return api<{ me: Me }>('/api/account/reset-password', { method: 'POST', body: input });
}

/** The member is signed in after a reset. */
export function useResetPassword() {
  const client = useQueryClient();
  return useMutation({ mutationFn: resetPassword, onSuccess: ({ me }) => setSignedIn(client, me) });
}
