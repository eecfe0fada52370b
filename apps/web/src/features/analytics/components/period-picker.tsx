import { ANALYTICS_PERIODS, type AnalyticsPeriod } from '@fenestra/shared';
import { cn } from '../../../lib/cn';

/** Last 7, 30 or 90 days: a radio group drawn as a segmented control (arrow keys move between them). */
export function PeriodPicker({
  value,
  onChange,
}: {
  value: AnalyticsPeriod;
  onChange: (days: AnalyticsPeriod) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium text-fg">Period (UTC days)</legend>
      <div className="inline-flex rounded-md border border-border-strong bg-surface p-1 shadow-xs">
        {ANALYTICS_PERIODS.map((days) => (
          <label
            key={days}
            className={cn(
              'cursor-pointer rounded-sm px-3 py-1.5 text-sm font-medium whitespace-nowrap text-muted transition-colors',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
              days === value && 'bg-primary text-primary-fg',
            )}
          >
            <input
              type="radio"
              name="analytics-period"
              value={days}
              checked={days === value}
              onChange={() => onChange(days)}
              className="sr-only"
            />
            Last {days} days
          </label>
        ))}
      </div>
    </fieldset>
  );
}
