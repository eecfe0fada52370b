import {
  ANALYTICS_MSG,
  DEFAULT_ANALYTICS_PERIOD,
  MAX_ANALYTICS_DAYS,
  type analyticsQuerySchema,
  periodStart,
  utcToday,
  type AnalyticsReport,
} from '@fenestra/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import type { z } from 'zod';
import * as repo from './repo.js';

const DAY = 86_400_000;

/** The period asked for: both ends optional (to defaults to today, from to the default period before it). */
export function periodOf(input: z.infer<typeof analyticsQuerySchema>, now: Date = new Date()): repo.Period {
  const to = input.to ?? utcToday(now);
  const from = input.from ?? periodStart(to, DEFAULT_ANALYTICS_PERIOD);
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY + 1;
  if (days < 1 || days > MAX_ANALYTICS_DAYS) throw badRequest(ANALYTICS_MSG.badRange);
  return { from, to };
}

export function analyticsService(deps: { db: Db }) {
  const { db } = deps;
  /** The report of a period being computed now: a request for the same period while it runs shares it. */
  const running = new Map<string, Promise<AnalyticsReport>>();
  /** Reports are computed one at a time: a staff page never holds more than one pool connection. */
  let queue: Promise<unknown> = Promise.resolve();

  /**
   * Every figure from one read-only snapshot, on one connection: they agree with each other, and the period's
   * aggregates get the memory to stay off the disk (work_mem, for this transaction only).
   */
  const compute = (period: repo.Period) =>
    db.transaction(
      async (tx) => {
        await tx.execute(sql`SET LOCAL work_mem = '32MB'`);
        const days = await repo.dailyCounts(tx, period);
        const rates = await repo.weeklyRates(tx, period);
        const topTags = await repo.topTags(tx, period);
        const topics = await repo.postsPerTopic(tx, period);
        const correctionsEver = await repo.correctionsEver(tx);
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
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );

  return {
    report(query: z.infer<typeof analyticsQuerySchema>): Promise<AnalyticsReport> {
      const period = periodOf(query);
      const key = `${period.from} ${period.to}`;
      let report = running.get(key);
      if (!report) {
        report = queue.then(() => compute(period)).finally(() => running.delete(key));
        queue = report.catch(() => {});
        running.set(key, report);
      }
      return report;
    },
  };
}

export type AnalyticsService = ReturnType<typeof analyticsService>;
