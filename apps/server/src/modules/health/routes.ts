import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { healthSchema, readySchema } from '@fenestra/shared';
import { answers } from '../../lib/route-contract.js';
import { migrationStatus } from '../../db/migrate.js';

const TIMEOUT_MS = 3_000;

/** The work, or a rejection after the time limit: a database that hangs counts as away. */
const withinTime = <T>(work: Promise<T>) =>
  Promise.race([
    work,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), TIMEOUT_MS).unref()),
  ]);

/**
 * /api/health: alive (200 when the database answers, 503 when it does not); /api/ready: may take traffic (the
 * database answers, every migration of this build is applied, the job runtime runs). Nothing cached, so a
 * recovery shows at once. docs/deploy/README.md says which a load balancer and an orchestrator should ask.
 */
export async function healthRoutes(app: FastifyInstance, opts: { pool: pg.Pool; jobsRunning: () => boolean }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/api/health',
    {
      schema: {
        summary: 'Is the server and its database up',
        response: answers({ 200: healthSchema, 503: healthSchema }),
      },
    },
    async (_request, reply) => {
      try {
        await withinTime(opts.pool.query('SELECT 1'));
        return reply.header('Cache-Control', 'no-store').send({ status: 'ok', database: 'ok' });
      } catch {
        return reply
          .status(503)
          .header('Cache-Control', 'no-store')
          .send({ status: 'unavailable', database: 'unreachable' });
      }
    },
  );

  typed.get(
    '/api/ready',
    {
      schema: {
        summary: 'May this instance take traffic: database, migrations and job runtime',
        response: answers({ 200: readySchema, 503: readySchema }),
      },
    },
    async (_request, reply) => {
      let database: 'ok' | 'unreachable' = 'ok';
      let migrations: 'current' | 'pending' | 'unknown' = 'unknown';
      try {
        const status = await withinTime(migrationStatus(opts.pool));
        migrations = status.pending.length ? 'pending' : 'current';
      } catch {
        database = 'unreachable';
      }
      const jobs = opts.jobsRunning() ? 'running' : 'stopped';
      const ready = database === 'ok' && migrations === 'current' && jobs === 'running';
      return reply
        .status(ready ? 200 : 503)
        .header('Cache-Control', 'no-store')
        .send({ status: ready ? 'ready' : 'not_ready', database, migrations, jobs });
    },
  );
}
