// How the analytics figures read: days and weeks in UTC, rates in percent, times in hours.

const dayFormat = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const longDayFormat = new Intl.DateTimeFormat('en', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 'Mar 4' for an axis. */
export const shortDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));
/** 'Wed, Mar 4, 2026' for a table. */
export const longDay = (day: string) => longDayFormat.format(new Date(`${day}T00:00:00Z`));
/** 'W10' for an axis, from '2026-W10'. */
export const shortWeek = (week: string) => week.slice(5);
/** '2026-W10 (from Mar 2)' for a table. */
export const longWeek = (week: string, start: string) => `${week} (from ${shortDay(start)})`;

export const NO_FIGURE = 'n/a';
export const formatPercent = (value: number | null) =>
  value === null ? NO_FIGURE : `${value.toLocaleString('en', { maximumFractionDigits: 1 })}%`;
export const formatHours = (value: number | null) => (value === null ? NO_FIGURE : `${value.toFixed(1)} h`);
export const formatCount = (value: number) => value.toLocaleString('en');
