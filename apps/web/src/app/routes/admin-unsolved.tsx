import { ComingSoon } from '../../features/pages/components/coming-soon';
import { useDocumentTitle } from '../../lib/use-document-title';

export function AdminUnsolvedRoute() {
  useDocumentTitle('Unsolved Posts');
  return <ComingSoon title="Unsolved Posts" line="The list of open questions, oldest first, is coming soon." />;
}
