import { inject } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createHmac, randomBytes } from 'node:crypto';
import { SESSION_COOKIE } from '../src/lib/session-cookie.js';
import { createServer } from 'node:net';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppAdapters } from '../src/app.js';
import { loadConfig, type Config } from '../src/config/env.js';
import { withDatabase } from './global-setup.js';
import { createLinkFetcher } from '../src/adapters/link-preview/link-fetcher.js';
import type { Storage } from '../src/adapters/storage/storage.js';

const resolveNothing = async (): Promise<string[]> => [];

export const ORIGIN = 'http://localhost:3000';
let counter = 0;

/** A fresh database cloned from the migrated template: fast, and isolated per test file or test. */
export async function freshDatabase(): Promise<string> {
  const serverUrl = inject('testServerUrl');
  // Named after the run (the global set-up's pid, in the template's name), so its teardown drops them all.
  const runPid = inject('templateDatabase').split('_')[2];
  const name = `fenestra_t${++counter}_${runPid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDatabase')}`);
  } finally {
    await admin.end();
  }
  return withDatabase(serverUrl, name);
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  close(): Promise<void>;
}

// The data folders of apps not closed (a start that failed, a test that ends without closing) go when the test
// process ends: each run left one behind in the temporary directory.
const openDataDirs = new Set<string>();
process.on('exit', () => {
  for (const dir of openDataDirs) rmSync(dir, { recursive: true, force: true });
});

/**
 * The real app on a fresh database and data folder, with the worker off (run jobs with runDue). Link
 * previews resolve no host unless a test passes a link fetcher with its own resolver: no test reaches out.
 */
export async function createTestApp(env: Record<string, string> = {}, adapters: AppAdapters = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fenestra-api-'));
  openDataDirs.add(dataDir);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: env.DATABASE_URL ?? (await freshDatabase()),
    PUBLIC_URL: ORIGIN,
    LOG_LEVEL: 'silent',
    RUN_WORKER: 'false',
    SEED: 'none',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-123',
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    RATE_LIMIT_AUTH: '1000',
    RATE_LIMIT_UPLOADS: '1000',
    RATE_LIMIT_POSTS: '1000',
    RATE_LIMIT_REPLIES: '1000',
    RATE_LIMIT_PREVIEWS: '1000',
    // The models load only in the tests about detection (ai-local.test.ts); the product's default is local.
    AI_PROVIDER: 'off',
    // Pages are drawn ahead only when a test drains the drawer (app.pageDrawer), never behind its back.
    DRAW_PAGES_AHEAD: 'false',
    ...env,
  });
  const app = await buildApp(config, {
    linkFetcher: createLinkFetcher({ resolve: resolveNothing, allow: config.linkPreviewAllow }),
    ...adapters,
  });
  return {
    app,
    config,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
      openDataDirs.delete(dataDir);
    },
  };
}

/** The cookie header to send back, from a response's set-cookie headers. */
/** Two instances of the app on one fresh database (each with its own caches), made one after the other: the job queue's set-up takes locks. */
export async function createTwoTestApps(env: Record<string, string> = {}): Promise<[TestApp, TestApp]> {
  const databaseUrl = await freshDatabase();
  const a = await createTestApp({ ...env, DATABASE_URL: databaseUrl });
  return [a, await createTestApp({ ...env, DATABASE_URL: databaseUrl })];
}

export function cookieFrom(res: LightMyRequestResponse): string {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

let memberCounter = 0;
/** Signs a new member up through the API; returns their cookie and profile. */
export async function signUpMember(
  app: FastifyInstance,
  over: { email?: string; password?: string; username?: string; trustLevel?: number } = {},
) {
  const n = ++memberCounter;
  const body = {
    email: over.email ?? `member${n}-${Date.now()}@example.com`,
    password: over.password ?? 'Correct-Horse9',
    ...(over.username !== undefined ? { username: over.username } : {}),
  };
  const res = await app.inject({
    method: 'POST',
    url: '/api/account/sign-up',
    headers: { origin: ORIGIN },
    payload: body,
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const me = res.json().me as { id: string; username: string; email: string };
  // Tests about what members do start at level 1 (Member): level 0's limits and review are trust tests' own.
  await app.services.database.pool.query('UPDATE profiles SET trust_level = $2 WHERE id = $1', [
    me.id,
    over.trustLevel ?? 1,
  ]);
  return { cookie: cookieFrom(res), me, ...body };
}

/**
 * A member and a live session written straight to the tables, with the signed cookie the browser would
 * hold: for tests about what members do, not about signing up (which hashes a password, slowly on purpose).
 */
export async function insertMember(t: TestApp, over: { username?: string; trustLevel?: number } = {}) {
  const n = ++memberCounter;
  const id = crypto.randomUUID();
  const username = over.username ?? `member-${n}-${id.slice(0, 8)}`;
  const email = `${username.toLowerCase()}@example.com`;
  const token = randomBytes(24).toString('base64url');
  const pool = t.app.services.database.pool;
  await pool.query('INSERT INTO users (id, name, email) VALUES ($1, $2, $3)', [id, username, email]);
  // Level 1 (Member) unless a test is about new members' limits.
  await pool.query('INSERT INTO profiles (id, username, trust_level) VALUES ($1, $2, $3)', [
    id,
    username,
    over.trustLevel ?? 1,
  ]);
  await pool.query(
    `INSERT INTO sessions (id, token, user_id, expires_at) VALUES ($1, $2, $3, now() + interval '1 day')`,
    [crypto.randomUUID(), token, id],
  );
  const signature = createHmac('sha256', t.config.authSecret!).update(token).digest('base64');
  return {
    cookie: `${SESSION_COOKIE}=${encodeURIComponent(`${token}.${signature}`)}`,
    me: { id, username, email },
    email,
  };
}

export type MultipartPart = [field: string, value: string] | [field: string, value: Buffer, filename: string];

/** A multipart body and its content type, made by the platform's own FormData. */
export async function multipart(parts: MultipartPart[]) {
  const form = new FormData();
  for (const [field, value, filename] of parts) {
    if (typeof value === 'string') form.append(field, value);
    else form.append(field, new Blob([new Uint8Array(value)]), filename);
  }
  const encoded = new Response(form);
  return { payload: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type')! };
}

/** A TCP port free right now on loopback, for a server started in another process. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** Resolves once another connection of the app waits on a lock that `holder` (a pool client in an open transaction) holds. */
export async function untilWaitingOnLock(t: TestApp, holder: pg.PoolClient): Promise<void> {
  const {
    rows: [self],
  } = await holder.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  for (;;) {
    const { rows } = await t.app.services.database.pool.query(
      'SELECT 1 FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))',
      [self!.pid],
    );
    if (rows.length > 0) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The same store, but its writes of files whose path matches fail: a disk that fills up half-way through a batch. */
export const failingOn = (storage: Storage, pattern: RegExp): Storage => ({
  ...storage,
  put: (bucket, filePath, body, type) =>
    pattern.test(filePath) ? Promise.reject(new Error('disk full')) : storage.put(bucket, filePath, body, type),
});
