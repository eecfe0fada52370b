import { ComingSoon } from '../../features/pages/components/coming-soon';
import { useDocumentTitle } from '../../lib/use-document-title';

export function MyPostsRoute() {
  useDocumentTitle('My Posts');
  return <ComingSoon title="My Posts" line="Your questions, with their review status, are coming soon." />;
}
