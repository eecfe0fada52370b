import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type pg from 'pg';
import { MSG } from '@fenestra/shared';

type Callback = (err: Error | null, result?: { current: number; ttl: number }) => void;

// A rate-limit store in PostgreSQL, so every API instance counts against the same window.
function pgStore(pool: pg.Pool) {
  return class PgRateLimitStore {
    constructor(readonly prefix = '') {}
    incr(key: string, cb: Callback, timeWindow: number) {
      pool
        .query<{ count: number; ttl: number }>(
          `INSERT INTO rate_limits (key, count, window_start) VALUES ($1, 1, now())
         ON CONFLICT (key) DO UPDATE SET
           count = CASE WHEN rate_limits.window_start + $2 * interval '1 millisecond' <= now() THEN 1 ELSE rate_limits.count + 1 END,
           window_start = CASE WHEN rate_limits.window_start + $2 * interval '1 millisecond' <= now() THEN now() ELSE rate_limits.window_start END
         RETURNING count, GREATEST(0, EXTRACT(EPOCH FROM (window_start + $2 * interval '1 millisecond' - now())) * 1000)::int AS ttl`,
          [this.prefix + key, timeWindow],
        )
        .then(
          (r) => cb(null, { current: r.rows[0]!.count, ttl: r.rows[0]!.ttl }),
          (e: Error) => cb(e),
        );
    }
    child(routeOptions: { routeInfo?: { url?: string; method?: string } }) {
      return new PgRateLimitStore(`${routeOptions.routeInfo?.method ?? ''}${routeOptions.routeInfo?.url ?? ''}:`);
    }
  };
}

export const rateLimitPlugin = fp(async (app: FastifyInstance, opts: { pool: pg.Pool }) => {
  await app.register(rateLimit, {
    global: false,
    store: pgStore(opts.pool) as never,
    skipOnError: true,
    errorResponseBuilder: (request, context) => ({
      error: 'TOO_MANY_REQUESTS',
      message: MSG.tooManyRequests,
      statusCode: context.statusCode,
      requestId: request.id,
    }),
  });
});
