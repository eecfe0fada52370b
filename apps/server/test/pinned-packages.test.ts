import http from 'node:http';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import Fastify from 'fastify';
import PgBoss from 'pg-boss';
import { sendInTransaction } from '../src/lib/jobs.js';
import { createReplay } from '../src/cache/replay.js';
import { createTestApp, type TestApp } from './helpers.js';

// What the server relies on in a package beyond its public API, each pinned exactly in apps/server/package.json
// (decision 026). A failure here names the upgrade that broke it: read the decision before changing the code.

describe('pg-boss 10.4.2 -> upgrading breaks sendInTransaction (lib/jobs.ts)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('writes a job from an instance never started, with one statement whose only $n are its parameters', async () => {
    const calls: { text: string; values: unknown[] }[] = [];
    const unstarted = new PgBoss({ connectionString: 'postgres://localhost/unused' });
    await unstarted.send(
      'send-email',
      { to: 'a@example.com', subject: 's', text: 't' },
      {
        db: {
          executeSql: async (text: string, values: unknown[]) => {
            calls.push({ text, values });
            return { rows: [{ id: '00000000-0000-0000-0000-000000000000' }] };
          },
        },
      },
    );
    expect(calls).toHaveLength(1);
    const { text, values } = calls[0]!;
    const literals = text.match(/'(?:[^']|'')*'/g) ?? [];
    expect(literals.join('')).not.toMatch(/\$\d/);
    const outside = text.replace(/'(?:[^']|'')*'/g, "''");
    const used = new Set([...outside.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])));
    expect(used).toEqual(new Set(values.map((_, i) => i + 1)));
  });

  it('the job exists only when the transaction that sent it commits', async () => {
    const { db, pool } = t.app.services.database;
    const jobsTo = async (to: string) =>
      (
        await pool.query(`select count(*)::int as n from pgboss.job where name = 'send-email' and data->>'to' = $1`, [
          to,
        ])
      ).rows[0].n as number;
    await db
      .transaction(async (tx) => {
        await sendInTransaction(tx, 'send-email', { to: 'rolled@example.com', subject: 's', text: 't' });
        tx.rollback();
      })
      .catch(() => {});
    await db.transaction(async (tx) => {
      await sendInTransaction(tx, 'send-email', { to: 'kept@example.com', subject: 's', text: 't' });
    });
    expect(await jobsTo('rolled@example.com')).toBe(0);
    expect(await jobsTo('kept@example.com')).toBe(1);
  });
});

describe('fastify 5.12.8 -> upgrading breaks the replay server’s settings (cache/replay.ts serverFactory)', () => {
  const settings = (s: http.Server) => ({
    keepAliveTimeout: s.keepAliveTimeout,
    requestTimeout: s.requestTimeout,
    timeout: s.timeout,
    headersTimeout: s.headersTimeout,
    maxHeadersCount: s.maxHeadersCount,
    maxRequestsPerSocket: s.maxRequestsPerSocket,
  });

  it.each([
    ['the defaults', {}],
    ['set options', { keepAliveTimeout: 4321, requestTimeout: 9876, connectionTimeout: 5555, maxRequestsPerSocket: 7 }],
  ])('gives its server what Fastify gives its own, with %s', async (_name, options) => {
    const own = Fastify(options);
    const replay = createReplay({ genReqId: () => 'id' });
    const replayed = Fastify({ ...options, serverFactory: replay.serverFactory });
    await Promise.all([own.ready(), replayed.ready()]);
    expect(settings(replayed.server)).toEqual(settings(own.server));
    replay.stop();
    await Promise.all([own.close(), replayed.close()]);
  });
});
