import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { AddressInfo } from 'node:net';
import { createTestApp, freshDatabase, insertMember, type TestApp } from './helpers.js';
import { insertPost } from './post-fixtures.js';
import { EventStream } from './event-stream.js';
import { DatabaseLink } from './database-link.js';

// Observability (issue 30): /metrics in Prometheus text format behind METRICS_TOKEN; /api/health and /api/ready.

const TOKEN = 'scrape-token-for-the-tests-0123';

/** One sample's value from a Prometheus text answer (0 when the series is absent). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  let total = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || !line.startsWith(name)) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = (match[2] ?? '').split(/,(?=\w+=")/);
    if (wanted.every((w) => have.includes(w))) total += Number(match[3]);
  }
  return total;
}

describe('/metrics', () => {
  let t: TestApp;
  let base: string;
  const scrape = async () => {
    const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    return res.text();
  };

  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('needs the token: none or a wrong one is 401, and the scrape is never cached', async () => {
    expect((await fetch(`${base}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer not-the-token-at-all-000' } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toContain('Bearer');
    expect(await wrong.text()).not.toContain('fenestra_');
    const right = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(right.headers.get('cache-control')).toBe('no-store');
  });

  it('has every family, and each moves with traffic', async () => {
    const before = await scrape();
    for (const family of [
      'fenestra_http_requests_total',
      'fenestra_http_request_duration_seconds',
      'fenestra_cache_requests_total',
      'fenestra_event_streams_open',
      'fenestra_job_queue_depth',
      'fenestra_job_oldest_waiting_seconds',
      'fenestra_job_failures',
      'fenestra_detection_seconds',
      'fenestra_emails_total',
      'fenestra_db_pool_connections',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
    ])
      expect(before, family).toContain(`# TYPE ${family} `);

    // The list: filled (a cache miss), read by another client from the cache (a hit), then that client's same
    // request again, answered by the replay in front of Fastify.
    await insertPost(t, { status: 'open' });
    // Its event has dropped the lists already (arriving between the reads, it would make the hit a second miss).
    await t.app.services.events.listener.sync();
    for (const encoding of ['identity', 'gzip', 'gzip'])
      expect((await fetch(`${base}/api/posts`, { headers: { 'accept-encoding': encoding } })).status).toBe(200);
    // A live stream, a job waiting, an email sent, a detection run.
    const stream = await EventStream.open(base);
    const member = await insertMember(t);
    await t.app.services.jobs.send('send-email', { to: member.email, subject: 'Hello', text: 'Hi' });
    await t.app.services.jobs.send('send-email', { to: member.email, subject: 'Again', text: 'Hi again' });
    const waiting = await scrape();
    expect(sample(waiting, 'fenestra_event_streams_open')).toBe(1);
    expect(sample(waiting, 'fenestra_job_queue_depth', { job: 'send-email', state: 'created' })).toBe(2);
    expect(sample(waiting, 'fenestra_job_oldest_waiting_seconds', { job: 'send-email' })).toBeGreaterThanOrEqual(0);
    expect(await t.app.services.jobs.runDue('send-email')).toEqual({ completed: 2, failed: 0 });
    const { rows } = await t.app.services.database.pool.query<{ id: string }>(
      "INSERT INTO post_images (post_id, image_url, display_order, detection_status) VALUES ($1, '/media/post-images/x/y.jpg', 0, 'queued') RETURNING id",
      [await insertPost(t, { status: 'open' })],
    );
    await t.app.services.jobs.send('detect-image', { imageId: rows[0]!.id });
    await t.app.services.jobs.runDue('detect-image');
    stream.close();
    await stream.closed;

    const after = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}) =>
      sample(after, name, labels) - sample(before, name, labels);
    expect(moved('fenestra_http_requests_total', { route: '/api/posts', method: 'GET', status: '200' })).toBe(2);
    expect(moved('fenestra_http_request_duration_seconds_count', { route: '/api/posts', status: '200' })).toBe(2);
    expect(moved('fenestra_cache_requests_total', { cache: 'public', result: 'miss' })).toBeGreaterThanOrEqual(1);
    expect(moved('fenestra_cache_requests_total', { cache: 'public', result: 'hit' })).toBeGreaterThanOrEqual(1);
    expect(moved('fenestra_cache_requests_total', { cache: 'replay', result: 'hit' })).toBe(1);
    expect(moved('fenestra_cache_requests_total', { cache: 'replay', result: 'miss' })).toBeGreaterThanOrEqual(2);
    expect(moved('fenestra_emails_total', { result: 'sent' })).toBe(2);
    expect(moved('fenestra_detection_seconds_count')).toBe(1);
    expect(sample(after, 'fenestra_job_queue_depth', { job: 'send-email', state: 'created' })).toBe(0);
    expect(sample(after, 'fenestra_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    expect(sample(after, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });
});

describe('/metrics without METRICS_TOKEN', () => {
  it('is not there at all', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('fenestra_');
    } finally {
      await t.close();
    }
  });
});

describe('/api/health and /api/ready', () => {
  let link: DatabaseLink;
  let t: TestApp;
  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    return { status: res.statusCode, body: res.json(), cache: res.headers['cache-control'] };
  };

  beforeAll(async () => {
    const proxied = await DatabaseLink.to(await freshDatabase());
    link = proxied.link;
    t = await createTestApp({ DATABASE_URL: proxied.url });
  });
  afterAll(async () => {
    if (!link.isOpen) await link.open();
    await t?.close();
    await link.cut();
  });

  it('are both up on a migrated database with the job runtime running', async () => {
    expect(await get('/api/health')).toEqual({
      status: 200,
      body: { status: 'ok', database: 'ok' },
      cache: 'no-store',
    });
    expect(await get('/api/ready')).toEqual({
      status: 200,
      body: { status: 'ready', database: 'ok', migrations: 'current', jobs: 'running' },
      cache: 'no-store',
    });
  });

  it('ready is 503 while a migration is pending, health stays 200', async () => {
    const pool = t.app.services.database.pool;
    const { rows } = await pool.query<{ id: number; hash: string; created_at: string }>(
      'DELETE FROM drizzle.__drizzle_migrations WHERE id = (SELECT max(id) FROM drizzle.__drizzle_migrations) RETURNING *',
    );
    try {
      expect((await get('/api/health')).status).toBe(200);
      expect(await get('/api/ready')).toMatchObject({
        status: 503,
        body: { status: 'not_ready', database: 'ok', migrations: 'pending', jobs: 'running' },
      });
    } finally {
      await pool.query('INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES ($1, $2, $3)', [
        rows[0]!.id,
        rows[0]!.hash,
        rows[0]!.created_at,
      ]);
    }
    expect((await get('/api/ready')).status).toBe(200);
  });

  it('with the database away both are 503; both come back without a restart', async () => {
    await link.cut();
    expect(await get('/api/health')).toMatchObject({ status: 503, body: { database: 'unreachable' } });
    expect(await get('/api/ready')).toMatchObject({
      status: 503,
      body: { status: 'not_ready', database: 'unreachable', migrations: 'unknown' },
    });
    await link.open();
    expect((await get('/api/health')).status).toBe(200);
    expect((await get('/api/ready')).status).toBe(200);
  });

  it('ready is 503 once the job runtime has stopped, while health stays 200', async () => {
    await t.app.services.jobs.stop();
    expect((await get('/api/health')).status).toBe(200);
    expect(await get('/api/ready')).toMatchObject({ status: 503, body: { jobs: 'stopped' } });
  });
});
