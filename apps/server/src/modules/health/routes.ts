import type { FastifyInstance } from 'fastify';
import type pg from 'pg';

// 200 when the database answers, 503 when it does not; nothing cached, so recovery shows at once.
export async function healthRoutes(app: FastifyInstance, opts: { pool: pg.Pool }) {
  app.get('/api/health', async (_request, reply) => {
    try {
      await Promise.race([
        opts.pool.query('SELECT 1'),
        new Promise((_, reject) => setTimeout(() => reject(new Error('database timeout')), 3_000).unref()),
      ]);
      return reply.header('Cache-Control', 'no-store').send({ status: 'ok', database: 'ok' });
    } catch {
      return reply.status(503).header('Cache-Control', 'no-store').send({ status: 'unavailable', database: 'unreachable' });
    }
  });
}
