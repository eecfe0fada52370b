import { ComingSoon } from '../../features/pages/components/coming-soon';
import { useDocumentTitle } from '../../lib/use-document-title';

export function SettingsRoute() {
  useDocumentTitle('Account Settings');
  return <ComingSoon title="Account Settings" line="Profile, password and email settings are coming soon." />;
}
