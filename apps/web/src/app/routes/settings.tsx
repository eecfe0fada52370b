import { SettingsPage } from '../../features/members/components/settings-page';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Account settings (member-only: the router's guard sends visitors to /auth). */
export function SettingsRoute() {
  useDocumentTitle('Account Settings');
  return <SettingsPage />;
}
