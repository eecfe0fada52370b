import { PageHeading } from '../../components/ui/page-heading';
import { useDocumentTitle } from '../../lib/use-document-title';
import { DiscussionList } from '../../features/posts/components/discussion-list';

/** Every post of the member, in every status, with its badge and any denial reason. */
export function MyPostsRoute() {
  useDocumentTitle('My Posts');
  return (
    <section>
      <PageHeading title="My Posts" />
      <DiscussionList scope="mine" label="My posts" />
    </section>
  );
}
