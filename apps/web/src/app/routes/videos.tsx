import { PageHeading } from '../../components/ui/page-heading';
import { useDocumentTitle } from '../../lib/use-document-title';
import { DiscussionList } from '../../features/posts/components/discussion-list';

/** Public questions that come with a video. */
export function VideosRoute() {
  useDocumentTitle('Video Guides');
  return (
    <section>
      <PageHeading title="Video Guides" />
      <DiscussionList scope="videos" label="Posts with video" />
    </section>
  );
}
