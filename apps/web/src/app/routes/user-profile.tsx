import { useParams } from 'react-router';
import { ComingSoon } from '../../features/pages/components/coming-soon';
import { useDocumentTitle } from '../../lib/use-document-title';

export function UserProfileRoute() {
  const { username = '' } = useParams();
  useDocumentTitle(`@${username}`);
  return <ComingSoon title={`@${username}`} line="Member profiles are coming soon." />;
}
