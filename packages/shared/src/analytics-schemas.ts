import { z } from 'zod';
import { ANALYTICS_MSG } from './analytics.js';

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
function isCalendarDay(value: string): boolean {
  const time = Date.parse(`${value}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
}

const isoDay = z.string().refine(isCalendarDay, ANALYTICS_MSG.badDate);

export const analyticsQuerySchema = z.object({ from: isoDay.optional(), to: isoDay.optional() });
