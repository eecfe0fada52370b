import { PageHeading } from '../../components/ui/page-heading';
import { useDocumentTitle } from '../../lib/use-document-title';
import { BookmarkList } from '../../features/posts/components/bookmark-list';

/** The member's saved posts, newest bookmark first. */
export function BookmarksRoute() {
  useDocumentTitle('Bookmarks');
  return (
    <section>
      <PageHeading title="Bookmarks" />
      <BookmarkList />
    </section>
  );
}
