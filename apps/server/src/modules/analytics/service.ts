import {
  ANALYTICS_MSG, DEFAULT_ANALYTICS_PERIOD, MAX_ANALYTICS_DAYS, analyticsQuerySchema, periodStart, utcToday,
  type AnalyticsReport,
} from '@fenestra/shared';
import type { Db } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { parse } from '../../lib/validation.js';
import * as repo from './repo.js';

const DAY = 86_400_000;

/** The period asked for: both ends optional (to defaults to today, from to the default period before it). */
export function periodOf(query: unknown, now: Date = new Date()): repo.Period {
  const input = parse(analyticsQuerySchema, query);
  const to = input.to ?? utcToday(now);
  const from = input.from ?? periodStart(to, DEFAULT_ANALYTICS_PERIOD);
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY + 1;
  if (days < 1 || days > MAX_ANALYTICS_DAYS) throw badRequest(ANALYTICS_MSG.badRange);
  return { from, to };
}

export function analyticsService(deps: { db: Db }) {
  const { db } = deps;
  return {
    async report(query: unknown): Promise<AnalyticsReport> {
      const period = periodOf(query);
      const [days, rates, topTags, topics, correctionsEver] = await Promise.all([
        repo.dailyCounts(db, period), repo.weeklyRates(db, period), repo.topTags(db, period),
        repo.postsPerTopic(db, period), repo.correctionsEver(db),
      ]);
      const sum = (key: 'posts' | 'replies' | 'corrections') => days.reduce((n, day) => n + day[key], 0);
      return {
        ...period,
        totals: { posts: sum('posts'), replies: sum('replies'), corrections: sum('corrections'), ...rates.overall },
        days,
        weeks: rates.weeks,
        topTags,
        topics,
        correctionsEver,
      };
    },
  };
}

export type AnalyticsService = ReturnType<typeof analyticsService>;
