import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Me, SignUpInput } from '@fenestra/shared';
import { api } from '../../../lib/api-client';
import { setSignedIn } from '../../../lib/session';

export function signUp({ email, password, username }: SignUpInput) {
  // No username means the server derives one from the email.
  return api<{ me: Me }>('/api/account/sign-up', {
    method: 'POST',
    body: { email, password, username: username || undefined },
  });
}

/** Signing up signs the member in at once. */
export function useSignUp() {
  const client = useQueryClient();
  return useMutation({ mutationFn: signUp, onSuccess: ({ me }) => setSignedIn(client, me) });
}
