import { PageHeading } from '../../components/ui/page-heading';
import { useDocumentTitle } from '../../lib/use-document-title';
import { DiscussionList } from '../../features/posts/components/discussion-list';

/** Staff: open questions, oldest first, so none is forgotten. */
export function AdminUnsolvedRoute() {
  useDocumentTitle('Unsolved Posts');
  return (
    <section>
      <PageHeading title="Unsolved Posts" />
      <DiscussionList scope="unsolved-queue" label="Unsolved posts" />
    </section>
  );
}
