import { useState } from 'react';
import { ANALYTICS_MSG, DEFAULT_ANALYTICS_PERIOD, type AnalyticsPeriod } from '@fenestra/shared';
import { ListRetry } from '../../components/ui/list-states';
import { Loading } from '../../components/ui/loading';
import { PageHeading } from '../../components/ui/page-heading';
import { useAnalytics } from '../../features/analytics/api/get-analytics';
import { AnalyticsCharts } from '../../features/analytics/components/analytics-charts';
import { HeadlineFigures } from '../../features/analytics/components/headline-figures';
import { PeriodPicker } from '../../features/analytics/components/period-picker';
import { longDay } from '../../features/analytics/utils/format';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /admin/analytics (staff only): the community over the last 7, 30 or 90 days, in charts and tables. */
export function AdminAnalyticsRoute() {
  useDocumentTitle('Analytics');
  const [days, setDays] = useState<AnalyticsPeriod>(DEFAULT_ANALYTICS_PERIOD);
  const { data: report, error, refetch, isFetching, isPlaceholderData } = useAnalytics(days);

  return (
    <div className="space-y-6">
      <PageHeading title="Analytics">
        What is happening in the community: posts, replies, moderation and answers.
      </PageHeading>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <PeriodPicker value={days} onChange={setDays} />
        {report && (
          <p className="text-sm text-muted" aria-live="polite">
            {isPlaceholderData ? 'Loading...' : `${longDay(report.from)} to ${longDay(report.to)}`}
          </p>
        )}
      </div>
      {error && !report ? (
        <ListRetry message={ANALYTICS_MSG.loadFailed} onRetry={refetch} busy={isFetching} />
      ) : !report ? (
        <Loading />
      ) : (
        <div className="space-y-6" aria-busy={isPlaceholderData}>
          <section aria-label="Headline figures">
            <HeadlineFigures totals={report.totals} className="sm:grid-cols-3 lg:grid-cols-5" />
          </section>
          <AnalyticsCharts report={report} />
        </div>
      )}
    </div>
  );
}
