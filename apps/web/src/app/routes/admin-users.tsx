import { PageHeading } from '../../components/ui/page-heading';
import { UserManagementPage } from '../../features/admin-users/components/user-management-page';
import { AccountStatusBadge } from '../../features/members/components/account-status-badge';
import { RoleBadge } from '../../features/members/components/role-badge';
import { useDocumentTitle } from '../../lib/use-document-title';

// The table's badges come from the members feature; the route composes them.
const badges = {
  renderRole: (role: Parameters<typeof RoleBadge>[0]['role']) => <RoleBadge role={role} />,
  renderStatus: (status: 'active' | 'banned') => <AccountStatusBadge status={status} />,
};

export function AdminUsersRoute() {
  useDocumentTitle('User Management');
  return (
    <div className="space-y-6">
      <PageHeading title="User Management">Members, their roles and bans.</PageHeading>
      <UserManagementPage badges={badges} />
    </div>
  );
}
