import { useLocation, useSearchParams } from 'react-router';
import { PageHeading } from '../../components/ui/page-heading';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { paths } from '../../config/paths';
import { AnalyticsSummaryCard } from '../../features/analytics/components/analytics-summary-card';
import { AdminStats } from '../../features/moderation/components/admin-stats';
import { ModerationLog } from '../../features/moderation/components/moderation-log';
import { PendingPostsList } from '../../features/moderation/components/pending-posts-list';
import { AuthorAvatar } from '../../features/posts/components/author-avatar';
import { useDocumentTitle } from '../../lib/use-document-title';

function ReviewQueue() {
  return (
    <div className="space-y-6">
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

/** /admin (stats, the review queue, analytics) and /admin/moderation, which adds the 'Log' tab (?tab=log). */
export function AdminDashboardRoute() {
  useDocumentTitle('Admin Dashboard');
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'log' ? 'log' : 'queue';
  return (
    <div className="space-y-6">
      <PageHeading title="Admin Dashboard">Review new questions before they go public.</PageHeading>
      {pathname !== paths.adminModeration ? (
        <ReviewQueue />
      ) : (
        <Tabs value={tab} onValueChange={(next) => setParams(next === 'log' ? { tab: 'log' } : {}, { replace: true })}>
          <TabsList className="max-w-xs">
            <TabsTrigger value="queue">Review Queue</TabsTrigger>
            <TabsTrigger value="log">Log</TabsTrigger>
          </TabsList>
          <TabsContent value="queue"><ReviewQueue /></TabsContent>
          <TabsContent value="log"><ModerationLog /></TabsContent>
        </Tabs>
      )}
    </div>
  );
}
