import { PrivacyPolicy } from '../../features/pages/components/privacy-policy';
import { useDocumentTitle } from '../../lib/use-document-title';

export function PrivacyRoute() {
  useDocumentTitle('Privacy Policy');
  return <PrivacyPolicy />;
}
