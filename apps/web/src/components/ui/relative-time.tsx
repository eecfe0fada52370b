import { cn } from '../../lib/cn';

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

/** A machine-readable <time> showing the relative time, with the full date as its tooltip. */
export function RelativeTime({ date, className }: { date: string; className?: string }) {
  const parsed = new Date(date);
  if (Number.isNaN(parsed.getTime())) return null;
  return (
    <time dateTime={parsed.toISOString()} title={full.format(parsed)} className={cn('whitespace-nowrap', className)}>
      {formatRelativeTime(date)}
    </time>
  );
}
