import { ComingSoon } from '../../features/pages/components/coming-soon';
import { useDocumentTitle } from '../../lib/use-document-title';

export function VideosRoute() {
  useDocumentTitle('Video Guides');
  return <ComingSoon title="Video Guides" line="Questions with video walkthroughs are coming soon." />;
}
