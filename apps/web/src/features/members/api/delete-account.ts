import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountInput } from '@fenestra/shared';
import { api } from '../../../lib/api-client';

/**
 * DELETE /api/settings/account { confirm: 'CONFIRM' }: removes the account and signs out. 409 for the
 * last admin.
 */
export function deleteAccount(input: DeleteAccountInput) {
  return api<unknown>('/api/settings/account', { method: 'DELETE', body: input });
}

/** The caller leaves the page first, then drops to the visitor view (lib/session `dropToVisitor`). */
export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
