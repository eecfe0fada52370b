import { ComingSoon } from '../../features/pages/components/coming-soon';
import { useDocumentTitle } from '../../lib/use-document-title';

export function AdminUsersRoute() {
  useDocumentTitle('User Management');
  return <ComingSoon title="User Management" line="User management is coming soon." />;
}
