import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { dropToVisitor } from '../../../lib/session';

/**
 * Signing out, for the user menu. Not in lib/session.ts, which the first load imports: through it TanStack Query's
 * mutation hooks were in the first load, which uses none (docs/decisions/017).
 */
export function useSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<unknown>('/api/account/sign-out', { method: 'POST' }),
    onSettled: () => dropToVisitor(client),
  });
}
