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

// What Intl.RelativeTimeFormat('en', { numeric: 'auto' }) writes for the values below (relative-time.test.ts checks
// it), written out: making that formatter costs a phone ~80 ms of locale data while the list hydrates.
const NEIGHBOUR: Partial<Record<Intl.RelativeTimeFormatUnit, [past: string, future: string]>> = {
  year: ['last year', 'next year'],
  month: ['last month', 'next month'],
  week: ['last week', 'next week'],
  day: ['yesterday', 'tomorrow'],
};

function formatUnits(value: number, unit: Intl.RelativeTimeFormatUnit): string {
  const count = Math.abs(value);
  const neighbour = NEIGHBOUR[unit];
  if (count === 1 && neighbour) return value < 0 ? neighbour[0] : neighbour[1];
  const amount = `${String(count).replace(/\B(?=(\d{3})+$)/g, ',')} ${unit}${count === 1 ? '' : 's'}`;
  return value < 0 ? `${amount} ago` : `in ${amount}`;
}

let fullFormat: Intl.DateTimeFormat | undefined;
/** Made on first use (a tooltip), not while the module loads. */
const full = () => (fullFormat ??= new Intl.DateTimeFormat('en', { dateStyle: 'full', timeStyle: 'short' }));

/** '5 minutes ago', 'yesterday', '3 weeks ago'; under a minute reads 'just now'. */
export function formatRelativeTime(iso: string, now: number = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return formatUnits(Math.trunc(seconds / size), unit);
  }
  return 'just now';
}

/**
 * A machine-readable <time> showing the relative time, with the full date as its tooltip. Server-rendered, the
 * text is the server's reading of the clock (the browser's follows right after hydration). The tooltip, in the
 * reader's time zone, is written when a pointer first reaches the date: formatting twenty full dates after
 * hydration cost a phone ~200 ms (docs/decisions/013).
 */
export function RelativeTime({ date, className }: { date: string; className?: string }) {
  // Re-renders once hydrated, with the browser's clock.
  useHydrated();
  const parsed = new Date(date);
  if (Number.isNaN(parsed.getTime())) return null;
  return (
    <time
      dateTime={parsed.toISOString()}
      onPointerEnter={(event) => {
        event.currentTarget.title ||= full().format(parsed);
      }}
      className={cn('whitespace-nowrap', className)}
      suppressHydrationWarning
    >
      {formatRelativeTime(date)}
    </time>
  );
}
