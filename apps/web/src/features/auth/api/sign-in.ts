import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Me, SignInInput } from '@fenestra/shared';
import { api } from '../../../lib/api-client';
import { setSignedIn } from '../../../lib/session';

export function signIn(input: SignInInput) {
  return api<{ me: Me }>('/api/account/sign-in', { method: 'POST', body: input });
}

/** On success the member becomes the cached `me`. */
export function useSignIn() {
  const client = useQueryClient();
  return useMutation({ mutationFn: signIn, onSuccess: ({ me }) => setSignedIn(client, me) });
}
