import { ComingSoon } from '../../features/pages/components/coming-soon';
import { useDocumentTitle } from '../../lib/use-document-title';

export function AskRoute() {
  useDocumentTitle('Ask a Question');
  return <ComingSoon title="Ask a Question" line="The question form is coming soon." />;
}
