import type { LucideIcon } from 'lucide-react';
import { cn } from '../../lib/cn';
import { Card } from './card';

interface StatCardProps {
  label: string;
  /** The figure, or null (a dash) until it loads. */
  value: string | null;
  icon: LucideIcon;
  /** A line under the figure: a trend ('+12% from last week') or a note. */
  detail?: string | null;
  /** Colours the detail: up is green, down is red. */
  tone?: 'up' | 'down' | 'flat';
}

/** One figure of a dashboard: its name, its value and an icon, with an optional line under it. */
export function StatCard({ label, value, icon: Icon, detail, tone = 'flat' }: StatCardProps) {
  return (
    <Card className="flex items-start justify-between gap-3 p-4">
      <div className="min-w-0">
        <p className="text-sm font-medium text-muted">{label}</p>
        <p className="mt-1 text-2xl font-semibold tracking-tight text-fg tabular-nums">
          {value ?? (
            <>
              <span aria-hidden>—</span>
              <span className="sr-only">Not available</span>
            </>
          )}
        </p>
        {detail && (
          <p
            className={cn(
              'mt-1 text-xs',
              tone === 'up' && 'text-emerald-700 dark:text-emerald-400',
              tone === 'down' && 'text-red-700 dark:text-red-400',
              tone === 'flat' && 'text-muted',
            )}
          >
            {detail}
          </p>
        )}
      </div>
      <span
        className="flex size-9 shrink-0 items-center justify-center rounded-md bg-accent text-accent-fg"
        aria-hidden
      >
        <Icon className="size-5" />
      </span>
    </Card>
  );
}
