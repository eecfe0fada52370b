import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

const SIZES = {
  year: 365 * 24 * 3600,
  month: 30 * 24 * 3600,
  week: 7 * 24 * 3600,
  day: 24 * 3600,
  hour: 3600,
  minute: 60,
} as const;

describe('formatRelativeTime', () => {
  it("writes what Intl.RelativeTimeFormat('en', { numeric: 'auto' }) writes, without making one", () => {
    const intl = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
    const now = Date.UTC(2026, 10, 26, 12);
    for (const [unit, size] of Object.entries(SIZES) as [Intl.RelativeTimeFormatUnit, number][]) {
      for (const value of [-1234, -59, -12, -2, -1, 1, 2, 3, 12, 59, 1234]) {
        // The largest unit the span reaches is the one written: a span of `value` units, within that unit.
        const unitIndex = Object.keys(SIZES).indexOf(unit);
        const larger = Object.values(SIZES)[unitIndex - 1];
        if (larger && Math.abs(value) * size >= larger) continue;
        const iso = new Date(now + value * size * 1000).toISOString();
        expect(formatRelativeTime(iso, now), `${value} ${unit}`).toBe(intl.format(value, unit));
      }
    }
  });

  it('reads under a minute as just now', () => {
    const now = Date.UTC(2026, 10, 26, 12);
    expect(formatRelativeTime(new Date(now - 59_000).toISOString(), now)).toBe('just now');
    expect(formatRelativeTime(new Date(now + 30_000).toISOString(), now)).toBe('just now');
  });
});
