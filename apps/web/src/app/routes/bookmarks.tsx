import { ComingSoon } from '../../features/pages/components/coming-soon';
import { useDocumentTitle } from '../../lib/use-document-title';

export function BookmarksRoute() {
  useDocumentTitle('Bookmarks');
  return <ComingSoon title="Bookmarks" line="Your saved posts are coming soon." />;
}
