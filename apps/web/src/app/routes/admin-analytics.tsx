import { ComingSoon } from '../../features/pages/components/coming-soon';
import { useDocumentTitle } from '../../lib/use-document-title';

export function AdminAnalyticsRoute() {
  useDocumentTitle('Analytics');
  return <ComingSoon title="Analytics" line="Forum analytics are coming soon." />;
}
