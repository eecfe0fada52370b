import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { TRUST_LEVEL_LABELS, type AdminUser, type Role } from '@fenestra/shared';
import { Avatar } from '../../../components/ui/avatar';
import { paths } from '../../../config/paths';
import { UserRowMenu } from './user-row-menu';

export interface UserBadges {
  renderRole(role: Role): ReactNode;
  renderStatus(status: AdminUser['status']): ReactNode;
}

const joined = (iso: string) =>
  new Date(iso).toLocaleDateString('en', { year: 'numeric', month: 'short', day: 'numeric' });
const banEnd = (user: AdminUser) => (user.banUntil ? `until ${user.banUntil.slice(0, 10)}` : 'permanently');

/** Avatar, username, email, role, status, joined, posts and the row menu; scrolls sideways on a phone. */
export function UsersTable({
  users,
  viewer,
  badges,
}: {
  users: AdminUser[];
  viewer: { id: string; role: Role };
  badges: UserBadges;
}) {
  return (
    <div className="relative overflow-x-auto rounded-lg border border-border bg-surface">
      <table className="w-full min-w-[50rem] text-left text-sm">
        <thead className="border-b border-border bg-surface-muted text-xs font-semibold tracking-wide text-muted uppercase">
          <tr>
            <th scope="col" className="px-3 py-2.5">
              Member
            </th>
            <th scope="col" className="px-3 py-2.5">
              Email
            </th>
            <th scope="col" className="px-3 py-2.5">
              Role
            </th>
            <th scope="col" className="px-3 py-2.5">
              Status
            </th>
            <th scope="col" className="px-3 py-2.5">
              Trust
            </th>
            <th scope="col" className="px-3 py-2.5">
              Joined
            </th>
            <th scope="col" className="px-3 py-2.5 text-right">
              Posts
            </th>
            <th scope="col" className="px-3 py-2.5">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {users.map((user) => (
            <tr key={user.id} data-testid="user-row">
              <td className="px-3 py-2.5">
                <Link
                  to={paths.user(user.username)}
                  className="flex items-center gap-2 font-medium text-fg hover:underline"
                >
                  <Avatar avatarUrl={user.avatarUrl} username={user.username} size="sm" />@{user.username}
                </Link>
              </td>
              <td className="max-w-56 truncate px-3 py-2.5 text-muted" title={user.email}>
                {user.email}
              </td>
              <td className="px-3 py-2.5">{badges.renderRole(user.role)}</td>
              <td className="px-3 py-2.5">
                {badges.renderStatus(user.status)}
                {user.status === 'banned' && <span className="mt-0.5 block text-xs text-muted">{banEnd(user)}</span>}
              </td>
              <td className="w-40 max-w-40 px-3 py-2.5">
                <span className="font-medium text-fg">
                  {user.trustLevel} {TRUST_LEVEL_LABELS[user.trustLevel]}
                  {user.trustLocked && <span className="ml-1 text-xs font-normal text-muted">(locked)</span>}
                </span>
                <span className="mt-0.5 line-clamp-2 block text-xs text-muted" title={user.trustReason}>
                  {user.trustReason}
                </span>
              </td>
              <td className="px-3 py-2.5 whitespace-nowrap text-muted">{joined(user.joinedAt)}</td>
              <td className="px-3 py-2.5 text-right tabular-nums">{user.postCount}</td>
              <td className="px-3 py-2.5 text-right">
                <UserRowMenu user={user} viewer={viewer} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
