import type { Topic } from './limits.js';

/** The periods the analytics page offers, in days (UTC days, today included). */
export const ANALYTICS_PERIODS = [7, 30, 90] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const DEFAULT_ANALYTICS_PERIOD: AnalyticsPeriod = 30;
/** The longest period the API computes at once. */
export const MAX_ANALYTICS_DAYS = 366;

export const ANALYTICS_MSG = {
  badDate: 'Dates must be written YYYY-MM-DD',
  badRange: `The period must start on or before its end and span at most ${MAX_ANALYTICS_DAYS} days`,
  noCorrectionsYet:
    'No detection corrections yet. When staff correct the object detected in an image, each correction is counted here.',
  noCorrectionsInPeriod: 'No detection corrections in this period.',
  loadFailed: 'Analytics could not be loaded.',
} as const;

/** The first day of a period of `days` days ending on `to` (YYYY-MM-DD, UTC). */
export function periodStart(to: string, days: number): string {
  const end = new Date(`${to}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() - (days - 1));
  return end.toISOString().slice(0, 10);
}

/** Today in UTC as YYYY-MM-DD. */
export const utcToday = (now: Date = new Date()) => now.toISOString().slice(0, 10);

export interface AnalyticsDay {
  day: string;
  /** Public posts created that day. */
  posts: number;
  /** Replies written that day on public posts. */
  replies: number;
  /** `override_detection` log rows that day. */
  corrections: number;
}

export interface AnalyticsWeek {
  /** ISO week, e.g. 2026-W48 (Monday to Sunday, UTC); only its days inside the period count. */
  week: string;
  /** Its Monday, YYYY-MM-DD. */
  start: string;
  approvals: number;
  denials: number;
  /** approvals / (approvals + denials) in percent, 1 decimal; null without decisions. */
  approvalRate: number | null;
  /** Posts made public that week (first approval, or creation for posts public without one). */
  madePublic: number;
  /** Of those, how many are solved now. */
  solved: number;
  solveRate: number | null;
  /** Public posts created that week, and how many got a reply from someone other than the author. */
  postsCreated: number;
  answered: number;
  /** Median hours from post to first reply by someone else, 1 decimal; null when none was answered. */
  medianFirstReplyHours: number | null;
}

export interface AnalyticsTotals {
  posts: number;
  replies: number;
  approvals: number;
  denials: number;
  approvalRate: number | null;
  madePublic: number;
  solved: number;
  solveRate: number | null;
  postsCreated: number;
  answered: number;
  medianFirstReplyHours: number | null;
  corrections: number;
}

export interface AnalyticsReport {
  from: string;
  to: string;
  totals: AnalyticsTotals;
  days: AnalyticsDay[];
  weeks: AnalyticsWeek[];
  /** The 10 most used tags on public posts created in the period, most used first (ties by name). */
  topTags: { tag: string; posts: number }[];
  /** Public posts created in the period, per topic (every topic, zero included). */
  topics: { topic: Topic; posts: number }[];
  /** Detection corrections ever logged: 0 means the feature has not been used yet. */
  correctionsEver: number;
}
