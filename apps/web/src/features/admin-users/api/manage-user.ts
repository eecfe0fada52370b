import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, BanInput, Role, TrustLockInput } from '@fenestra/shared';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const base = (userId: string) => `/api/admin/users/${encodeURIComponent(userId)}`;

export type UserChange =
  | { kind: 'ban'; userId: string; input: BanInput }
  | { kind: 'unban'; userId: string }
  | { kind: 'role'; userId: string; role: Role }
  | { kind: 'delete'; userId: string; confirm: string }
  | { kind: 'trust'; userId: string; input: TrustLockInput };

/** Ban, unban, change a role or delete: one endpoint each under /api/admin/users/:id. */
export function changeUser(change: UserChange): Promise<AdminUser | { ok: true }> {
  switch (change.kind) {
    case 'ban':
      return api<AdminUser>(`${base(change.userId)}/ban`, { method: 'POST', body: change.input });
    case 'unban':
      return api<AdminUser>(`${base(change.userId)}/unban`, { method: 'POST' });
    case 'role':
      return api<AdminUser>(`${base(change.userId)}/role`, { method: 'PUT', body: { role: change.role } });
    case 'trust':
      return api<AdminUser>(`${base(change.userId)}/trust`, { method: 'PUT', body: change.input });
    case 'delete':
      return api<{ ok: true }>(base(change.userId), { method: 'DELETE', body: { confirm: change.confirm } });
  }
}

/** Every change re-reads the member list and the stat cards (filters may now include or exclude the member). */
export function useChangeUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changeUser,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.admin.users.all });
      void client.invalidateQueries({ queryKey: queryKeys.admin.userStats });
    },
  });
}
