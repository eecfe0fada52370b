import { PageHeading } from '../../components/ui/page-heading';
import { AnalyticsSummaryCard } from '../../features/analytics/components/analytics-summary-card';
import { AdminStats } from '../../features/moderation/components/admin-stats';
import { PendingPostsList } from '../../features/moderation/components/pending-posts-list';
import { AuthorAvatar } from '../../features/posts/components/author-avatar';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /admin and /admin/moderation (staff only): stats, the review queue, and the analytics card. */
export function AdminDashboardRoute() {
  useDocumentTitle('Admin Dashboard');
  return (
    <div className="space-y-6">
      <PageHeading title="Admin Dashboard">Review new questions before they go public.</PageHeading>
      <AdminStats />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_16rem]">
        <PendingPostsList renderAuthorAvatar={(author) => <AuthorAvatar author={author} size="sm" />} />
        <aside>
          <AnalyticsSummaryCard />
        </aside>
      </div>
    </div>
  );
}
