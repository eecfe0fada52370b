import { cn } from '../../lib/cn';
import { useHydrated } from '../../lib/use-hydrated';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const full = new Intl.DateTimeFormat('en', { dateStyle: 'full', timeStyle: 'short' });

/** '5 minutes ago', 'yesterday', '3 weeks ago'; under a minute reads 'just now'. */
export function formatRelativeTime(iso: string, now: number = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.trunc(seconds / size), unit);
  }
  return 'just now';
}

/**
 * A machine-readable <time> showing the relative time, with the full date as its tooltip. Server-rendered, the
 * text is the server's reading of the clock (the browser's follows right after hydration) and the tooltip, in the
 * reader's time zone, is added once hydrated.
 */
export function RelativeTime({ date, className }: { date: string; className?: string }) {
  const hydrated = useHydrated();
  const parsed = new Date(date);
  if (Number.isNaN(parsed.getTime())) return null;
  return (
    <time
      dateTime={parsed.toISOString()}
      title={hydrated ? full.format(parsed) : undefined}
      className={cn('whitespace-nowrap', className)}
      suppressHydrationWarning
    >
      {formatRelativeTime(date)}
    </time>
  );
}
