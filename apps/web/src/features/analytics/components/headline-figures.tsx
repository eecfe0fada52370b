import type { AnalyticsTotals } from '@fenestra/shared';
import { cn } from '../../../lib/cn';
import { formatCount, formatHours, formatPercent } from '../utils/format';

/** The period at a glance: the same five figures on the analytics page and the dashboard's card. */
export function HeadlineFigures({ totals, className }: { totals: AnalyticsTotals | undefined; className?: string }) {
  const figures = [
    { label: 'New posts', value: totals && formatCount(totals.posts) },
    { label: 'Replies', value: totals && formatCount(totals.replies) },
    { label: 'Approval rate', value: totals && formatPercent(totals.approvalRate) },
    { label: 'Solve rate', value: totals && formatPercent(totals.solveRate) },
    { label: 'Median first reply', value: totals && formatHours(totals.medianFirstReplyHours) },
  ];
  return (
    <dl className={cn('grid grid-cols-2 gap-3', className)}>
      {figures.map(({ label, value }) => (
        <div key={label} className="min-w-0 rounded-md border border-border bg-surface p-3">
          <dt className="text-sm text-muted">{label}</dt>
          <dd className="mt-1 text-xl font-semibold text-fg tabular-nums">
            {value ?? (
              <>
                <span aria-hidden>—</span>
                <span className="sr-only">Not available</span>
              </>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
