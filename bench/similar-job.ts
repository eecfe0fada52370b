// npm run bench:similar-job: 15,000 new posts (BENCH_NEW_POSTS) arrive at once in the 100,000-post search forum, and
// the 'refresh-similar-posts' job works out their similar questions as the worker runs it (a run at a time, each
// handing the rest on). Prints how long it took, the CPU a post cost the job's process and PostgreSQL, and how long
// a reply and an edit of a queued post took before and while it ran, and whether they waited on a lock (decision 040:
// nothing waits behind the job).
// BENCH_DATABASE_URL reuses a seeded forum: the run works on a copy of it (so before and after are measured alike).
import pg from 'pg';
import { startBenchApp } from './bench-app.js';
import { databaseNameOf, pgCpuByBackend, pgCpuSince } from './process.js';
import { POSTS, insertSearchPosts, seedSearchVolume } from './search-volume.js';
import { refreshDueSimilar } from '../apps/server/src/modules/similar/service.js';

const NEW_POSTS = Number(process.env.BENCH_NEW_POSTS ?? 15_000);
// The posts have no photos: with a model named, each post's vectors are still asked for, as when the AI is on.
const VECTOR_MODEL = process.env.BENCH_VECTOR_MODEL ?? 'bench-model';
const PROBE_MS = Number(process.env.BENCH_PROBE_MS ?? 200);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const describe = (values: number[]) =>
  values.length
    ? `p50 ${percentile(values, 50).toFixed(1)} ms, p99 ${percentile(values, 99).toFixed(1)} ms, max ${Math.max(...values).toFixed(1)} ms (${values.length})`
    : 'none';

const PROBE_NAME = 'bench-similar-probe';
const WAIT_SAMPLE_MS = 50;

/**
 * Every WAIT_SAMPLE_MS until stopped, what the probes' statements are doing (pg_stat_activity): running, and waiting
 * on a lock (a row or table lock the job would hold) or on a light lock (a buffer, say the index's list of pending
 * entries): the job must hold nothing the writes wait on.
 */
function waitsOf(url: string) {
  const client = new pg.Client({ connectionString: url });
  const counts = { active: 0, waits: new Map<string, number>() };
  let running = true;
  const loop = (async () => {
    await client.connect();
    while (running) {
      const { rows } = await client.query<{ wait: string | null }>(
        `SELECT wait_event_type || ' ' || wait_event AS wait FROM pg_stat_activity
         WHERE application_name = $1 AND state = 'active'`,
        [PROBE_NAME],
      );
      counts.active += rows.length;
      for (const { wait } of rows)
        if (wait && /^(Lock|LWLock) /.test(wait)) counts.waits.set(wait, (counts.waits.get(wait) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, WAIT_SAMPLE_MS));
    }
    await client.end();
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return counts;
    },
  };
}

/** A copy of the seeded forum (a template copy: seconds), dropped at the end. */
async function copyOf(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const source = databaseNameOf(url);
  const name = `${source}_similar_${process.pid}`;
  const admin = new pg.Client({ connectionString: url.replace(/\/[^/?]*(\?|$)/, '/postgres$1') });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${source}"`);
  await admin.end();
  const copy = new URL(url);
  copy.pathname = `/${name}`;
  return {
    url: copy.toString(),
    async drop() {
      const again = new pg.Client({ connectionString: url.replace(/\/[^/?]*(\?|$)/, '/postgres$1') });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await again.end();
    },
  };
}

/** Every PROBE_MS until stopped: a reply to an older post, and an edit of the post longest in the job's queue. */
function probe(pool: pg.Pool) {
  const replies: number[] = [];
  const edits: number[] = [];
  let running = true;
  const loop = (async () => {
    const { rows } = await pool.query<{ id: string }>(
      `SELECT id FROM posts WHERE status IN ('open', 'solved') ORDER BY created_at LIMIT 200`,
    );
    for (let i = 0; running; i++) {
      let t = performance.now();
      await pool.query(`INSERT INTO replies (post_id, user_id, content) VALUES ($1, 'bench-1', 'A probe reply.')`, [
        rows[i % rows.length]!.id,
      ]);
      replies.push(performance.now() - t);
      t = performance.now();
      await pool.query(`
        UPDATE posts SET title = CASE WHEN right(title, 1) = '!' THEN left(title, -1) ELSE title || '!' END
        WHERE id = (SELECT post_id FROM post_similar_queue ORDER BY requested_at LIMIT 1)`);
      edits.push(performance.now() - t);
      await new Promise((resolve) => setTimeout(resolve, PROBE_MS));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { replies, edits };
    },
  };
}

async function main() {
  let bench = await startBenchApp({ RUN_WORKER: 'false' });
  let copy: Awaited<ReturnType<typeof copyOf>> | null = null;
  try {
    const pool = () => bench.app.services.database.pool;
    const { rows } = await pool().query<{ posts: number }>('SELECT count(*)::int AS posts FROM posts');
    if ((rows[0]?.posts ?? 0) < POSTS) {
      const t0 = performance.now();
      await seedSearchVolume(bench.app);
      console.log(`Seeded ${POSTS.toLocaleString('en-US')} posts in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }
    if (process.env.BENCH_DATABASE_URL) {
      await bench.close();
      copy = await copyOf(process.env.BENCH_DATABASE_URL);
      bench = await startBenchApp({ RUN_WORKER: 'false', DATABASE_URL: copy.url });
    }
    const database = databaseNameOf(bench.app.services.database.url);
    // The seed queued every post at once; a running forum's queue is empty before the burst.
    await pool().query('TRUNCATE post_similar_queue');
    const probes = new pg.Pool({
      connectionString: bench.app.services.database.url,
      max: 2,
      application_name: PROBE_NAME,
    });
    const idle = probe(probes);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const before = await idle.stop();

    const from = POSTS + 1_000_000;
    let t0 = performance.now();
    await insertSearchPosts(pool(), from, from + NEW_POSTS - 1, `now() + ((g - ${from}) || ' milliseconds')::interval`);
    const queued = (await pool().query<{ n: number }>('SELECT count(*)::int AS n FROM post_similar_queue')).rows[0]!.n;
    console.log(
      `${NEW_POSTS.toLocaleString('en-US')} posts written in one statement in ${((performance.now() - t0) / 1000).toFixed(1)} s; ${queued.toLocaleString('en-US')} public ones queued`,
    );

    const during = probe(probes);
    const waiting = waitsOf(bench.app.services.database.url);
    const cpu0 = process.cpuUsage();
    const pg0 = pgCpuByBackend(database);
    t0 = performance.now();
    let runs = 0;
    let refreshed = 0;
    // As the worker runs the job: each run works until its budget, then the next run takes the rest.
    for (;;) {
      runs++;
      const result: unknown = await refreshDueSimilar(bench.app.services.database.db, { vectorModel: VECTOR_MODEL });
      // An older build answered a number and ran until the queue was empty.
      if (typeof result === 'number') {
        refreshed += result;
        break;
      }
      const { refreshed: n, more } = result as { refreshed: number; more: boolean };
      refreshed += n;
      if (!more) break;
    }
    const seconds = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const pgMs = pgCpuSince(database, pg0);
    const { replies, edits } = await during.stop();
    const waited = await waiting.stop();
    await probes.end();
    const left = (await pool().query<{ n: number }>('SELECT count(*)::int AS n FROM post_similar_queue')).rows[0]!.n;
    console.log(
      `\nThe job refreshed ${refreshed.toLocaleString('en-US')} posts in ${seconds.toFixed(1)} s (${(refreshed / seconds).toFixed(0)} a second, ${runs} runs; ${left} still queued: edited meanwhile)`,
    );
    console.log(
      `CPU a post: the job's process ${((cpu.user + cpu.system) / 1000 / Math.max(1, refreshed)).toFixed(2)} ms (the probes included), PostgreSQL ${(pgMs / Math.max(1, refreshed)).toFixed(2)} ms`,
    );
    console.log(`A reply   before: ${describe(before.replies)}\n          during: ${describe(replies)}`);
    console.log(`An edit   before: ${describe(before.edits)}\n          during: ${describe(edits)}`);
    const waits = [...waited.waits].map(([wait, n]) => `${n} ${wait}`).join(', ') || 'none';
    console.log(
      `The probes' statements, seen every ${WAIT_SAMPLE_MS} ms while it ran: ${waited.active} running; waiting on a lock: ${waits}`,
    );
  } finally {
    await bench.close();
    await copy?.drop();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
