import { ComingSoon } from '../../features/pages/components/coming-soon';
import { useDocumentTitle } from '../../lib/use-document-title';

export function AdminDashboardRoute() {
  useDocumentTitle('Admin Dashboard');
  return <ComingSoon title="Admin Dashboard" line="The moderation queue and stats are coming soon." />;
}
