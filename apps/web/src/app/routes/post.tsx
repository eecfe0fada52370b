import { ComingSoon } from '../../features/pages/components/coming-soon';
import { useDocumentTitle } from '../../lib/use-document-title';

export function PostRoute() {
  useDocumentTitle('Question');
  return <ComingSoon title="Question" line="Question pages are coming soon." />;
}
