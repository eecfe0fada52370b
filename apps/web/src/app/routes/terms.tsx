import { TermsAndConditions } from '../../features/pages/components/terms-and-conditions';
import { useDocumentTitle } from '../../lib/use-document-title';

export function TermsRoute() {
  useDocumentTitle('Terms & Conditions');
  return <TermsAndConditions />;
}
