import { BestPracticesGuide } from '../../features/pages/components/best-practices-guide';
import { useDocumentTitle } from '../../lib/use-document-title';

export function BestPracticesRoute() {
  useDocumentTitle('Best Practices');
  return <BestPracticesGuide />;
}
