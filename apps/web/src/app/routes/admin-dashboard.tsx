import { useLocation, useSearchParams } from 'react-router';
import { PageHeading } from '../../components/ui/page-heading';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { paths } from '../../config/paths';
import { AnalyticsSummaryCard } from '../../features/analytics/components/analytics-summary-card';
import { AdminStats } from '../../features/moderation/components/admin-stats';
import { ModerationLog } from '../../features/moderation/components/moderation-log';
import { FlagsQueue } from '../../features/flags/components/flags-queue';
import { PendingPostsList } from '../../features/moderation/components/pending-posts-list';
import { PendingRepliesList } from '../../features/moderation/components/pending-replies-list';
import { AuthorAvatar } from '../../features/posts/components/author-avatar';
import { useDocumentTitle } from '../../lib/use-document-title';
import { RunningVersion } from '../../features/site-settings/components/running-version';

function ReviewQueue() {
  return (
    <div className="space-y-6">
      <AdminStats />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_16rem]">
        <div className="min-w-0 space-y-6">
          <PendingPostsList renderAuthorAvatar={(author) => <AuthorAvatar author={author} size="sm" />} />
          <PendingRepliesList />
        </div>
        <aside>
          <AnalyticsSummaryCard />
        </aside>
      </div>
    </div>
  );
}

/** /admin (stats, the review queue, analytics) and /admin/moderation, which adds the 'Flags' (?tab=flags) and 'Log' (?tab=log) tabs. */
export function AdminDashboardRoute() {
  useDocumentTitle('Admin Dashboard');
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = asked === 'log' || asked === 'flags' ? asked : 'queue';
  return (
    <div className="space-y-6">
      <PageHeading title="Admin Dashboard">Review new questions before they go public.</PageHeading>
      <RunningVersion />
      {pathname !== paths.adminModeration ? (
        <ReviewQueue />
      ) : (
        <Tabs value={tab} onValueChange={(next) => setParams(next === 'queue' ? {} : { tab: next }, { replace: true })}>
          <TabsList className="max-w-sm grid-cols-3">
            <TabsTrigger value="queue">Review Queue</TabsTrigger>
            <TabsTrigger value="flags">Flags</TabsTrigger>
            <TabsTrigger value="log">Log</TabsTrigger>
          </TabsList>
          <TabsContent value="flags">
            <FlagsQueue />
          </TabsContent>
          <TabsContent value="queue">
            <ReviewQueue />
          </TabsContent>
          <TabsContent value="log">
            <ModerationLog />
          </TabsContent>
        </Tabs>
      )}
    </div>
  );
}
