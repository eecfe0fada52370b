import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Registry } from 'prom-client';
import type pg from 'pg';
import { httpDuration, httpRequests, processMetrics } from '../lib/metrics.js';
import { notFound } from '../lib/errors.js';
import type { PublicCache } from '../cache/public-cache.js';
import type { Replay } from '../cache/replay.js';
import type { StreamHub } from '../realtime/streams.js';

interface MetricsOptions {
  /** Unset: /metrics answers 404 as any unknown address would. */
  token: string | null;
  pool: pg.Pool;
  publicCache: PublicCache;
  searchCache: PublicCache | null;
  replay: Replay;
  hub: StreamHub;
}

const sameToken = (given: string, token: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** This app's own figures, read when Prometheus scrapes: its pool, caches, streams and the job queue's tables. */
function appMetrics(opts: MetricsOptions): Registry {
  const registry = new Registry();
  const registers = [registry];
  new Gauge({
    name: 'fenestra_db_pool_connections',
    help: 'Database pool connections of this instance, by state: total, idle, waiting (requests queued for one)',
    labelNames: ['state'] as const,
    registers,
    collect() {
      this.set({ state: 'total' }, opts.pool.totalCount);
      this.set({ state: 'idle' }, opts.pool.idleCount);
      this.set({ state: 'waiting' }, opts.pool.waitingCount);
    },
  });
  new Counter({
    name: 'fenestra_cache_requests_total',
    help: 'Reads of the public-read caches and the replay in front of Fastify, by cache and result: hit or miss',
    labelNames: ['cache', 'result'] as const,
    registers,
    collect() {
      this.reset();
      for (const [name, cache] of [
        ['public', opts.publicCache],
        ['search', opts.searchCache],
      ] as const) {
        if (!cache) continue;
        this.inc({ cache: name, result: 'hit' }, cache.stats.hits);
        this.inc({ cache: name, result: 'miss' }, cache.stats.misses);
      }
      this.inc({ cache: 'replay', result: 'hit' }, opts.replay.stats.replayed);
      this.inc({ cache: 'replay', result: 'miss' }, opts.replay.stats.passed);
    },
  });
  new Gauge({
    name: 'fenestra_event_streams_open',
    help: 'Live event streams (SSE) open on this instance',
    registers,
    collect() {
      this.set(opts.hub.size);
    },
  });
  // The queue is shared by every instance: each one reports it (the same figures); PromQL takes max() of them. One
  // query a scrape, shared by the three families (the registry collects them at once).
  type QueueRow = { name: string; state: string; n: number; oldest: number | null };
  let reading: Promise<QueueRow[]> | null = null;
  const readQueue = () =>
    (reading ??= opts.pool
      .query<QueueRow>(
        `SELECT name, state::text AS state, count(*)::int AS n,
                CASE WHEN state IN ('created', 'retry') THEN extract(epoch FROM now() - min(created_on))::float END AS oldest
           FROM pgboss.job WHERE state IN ('created', 'retry', 'active', 'failed') GROUP BY name, state`,
      )
      .then((r) => r.rows)
      .catch(() => [])
      .finally(() => setTimeout(() => (reading = null), 0)));
  new Gauge({
    name: 'fenestra_job_queue_depth',
    help: 'Jobs in the queue by job and state (created and retry wait; active run)',
    labelNames: ['job', 'state'] as const,
    registers,
    async collect() {
      this.reset();
      for (const row of await readQueue())
        if (row.state !== 'failed') this.set({ job: row.name, state: row.state }, row.n);
    },
  });
  new Gauge({
    name: 'fenestra_job_oldest_waiting_seconds',
    help: 'Age of the oldest job waiting to run, by job',
    labelNames: ['job'] as const,
    registers,
    async collect() {
      this.reset();
      const oldest = new Map<string, number>();
      for (const row of await readQueue())
        if (row.oldest !== null) oldest.set(row.name, Math.max(row.oldest, oldest.get(row.name) ?? 0));
      for (const [job, seconds] of oldest) this.set({ job }, seconds);
    },
  });
  new Gauge({
    name: 'fenestra_job_failures',
    help: 'Jobs that spent their retries and failed, still kept by the queue, by job',
    labelNames: ['job'] as const,
    registers,
    async collect() {
      this.reset();
      for (const row of await readQueue()) if (row.state === 'failed') this.set({ job: row.name }, row.n);
    },
  });
  return registry;
}

/**
 * Prometheus metrics at GET /metrics (issue 30), off unless METRICS_TOKEN is set; a scrape sends it as a bearer
 * token. Every answered request is counted by its route pattern (never the raw address: no unbounded labels).
 */
export const metricsPlugin = fp(async (app: FastifyInstance, opts: MetricsOptions) => {
  if (!opts.token) {
    app.get('/metrics', { schema: { hide: true } }, async () => {
      throw notFound();
    });
    return;
  }
  const token = opts.token;
  const registry = Registry.merge([processMetrics, appMetrics(opts)]);

  app.addHook('onResponse', (request, reply, done) => {
    const labels = {
      route: request.routeOptions.url ?? 'unmatched',
      method: request.method,
      status: String(reply.statusCode),
    };
    httpRequests.inc(labels);
    httpDuration.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!sameToken(given, token)) {
      return reply
        .status(401)
        .header('WWW-Authenticate', 'Bearer realm="metrics"')
        .header('Cache-Control', 'no-store')
        .type('text/plain')
        .send('A metrics scrape needs the METRICS_TOKEN as a bearer token.\n');
    }
    reply.header('Content-Type', registry.contentType).header('Cache-Control', 'no-store');
    return registry.metrics();
  });
});
