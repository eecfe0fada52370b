import { Link } from 'react-router';
import { ChartColumn } from 'lucide-react';
import { ANALYTICS_MSG, DEFAULT_ANALYTICS_PERIOD } from '@fenestra/shared';
import { Card } from '../../../components/ui/card';
import { useAnalytics } from '../api/get-analytics';
import { HeadlineFigures } from './headline-figures';

/** The dashboard's analytics card: the default period's headline figures and the way to the charts. */
export function AnalyticsSummaryCard() {
  const { data, error } = useAnalytics(DEFAULT_ANALYTICS_PERIOD);
  return (
    <Card className="p-5">
      <div className="flex items-center gap-2">
        <ChartColumn className="size-5 text-muted" aria-hidden />
        <h2 className="text-lg font-semibold">Analytics</h2>
      </div>
      <p className="mt-1 text-sm text-muted">Last {DEFAULT_ANALYTICS_PERIOD} days (UTC)</p>
      {error ? (
        <p role="alert" className="mt-3 text-sm text-danger">
          {ANALYTICS_MSG.loadFailed}
        </p>
      ) : (
        <HeadlineFigures totals={data?.totals} className="mt-3 grid-cols-1 min-[420px]:grid-cols-2 lg:grid-cols-1" />
      )}
      <Link
        to="/admin/analytics"
        className="mt-4 inline-block font-medium text-link underline-offset-4 hover:underline"
      >
        View all charts
      </Link>
    </Card>
  );
}
