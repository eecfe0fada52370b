import PgBoss from 'pg-boss';
import type pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';

// Named jobs, declared once; a handler is safe to run twice (STYLE.md #8).
export interface JobDefinitions {
  'send-email': { to: string; subject: string; text: string; html?: string };
  /** Every forgot-password request, known email or not: the worker decides whether a link is mailed. */
  'password-reset': { email: string };
  'sweep-uploads': Record<string, never>;
  'lift-expired-bans': Record<string, never>;
  /** The email for one notification, built at send time from the member's preferences then. */
  'notification-email': { notificationId: string };
  'sweep-link-previews': Record<string, never>;
  /** Cards for a saved reply's links; announces reply.updated when they are there. */
  'fetch-reply-previews': { replyId: string };
  'refresh-similar-posts': Record<string, never>;
  /** A post image's detection, when its status is still queued (safe to run twice); chains 'embed-image'. */
  'detect-image': { imageId: string };
  /** A detection's vector from its current words (corrected object first); re-embeds one made by another model. */
  'embed-image': { imageId: string };
  /** Where 'detect-image' lands when its retries are spent (pg-boss's dead letter): the image shows 'Detection failed'. */
  'detection-failed': { imageId: string };
}
export type JobName = keyof JobDefinitions;
/** What a handler may do besides its work: chain a follow-up job. */
export interface JobContext { send<M extends JobName>(name: M, data: JobDefinitions[M]): Promise<string | null> }
export type JobHandler<N extends JobName> = (data: JobDefinitions[N], context: JobContext) => Promise<void>;
export type JobHandlers = { [N in JobName]: JobHandler<N> };

const QUEUE_OPTIONS: Record<JobName, PgBoss.Queue> = {
  'send-email': { name: 'send-email', retryLimit: 8, retryDelay: 15, retryBackoff: true },
  'sweep-uploads': { name: 'sweep-uploads', retryLimit: 2, retryDelay: 60, policy: 'singleton' },
  'lift-expired-bans': { name: 'lift-expired-bans', retryLimit: 2, retryDelay: 30, policy: 'singleton' },
  // Every 5 minutes for a bit more than a day; the handler itself gives up (and records it) after 24 hours.
  'notification-email': { name: 'notification-email', retryLimit: 300, retryDelay: 300, retryBackoff: false },
  'password-reset': { name: 'password-reset', retryLimit: 4, retryDelay: 5, retryBackoff: true },
  'sweep-link-previews': { name: 'sweep-link-previews', retryLimit: 2, retryDelay: 60, policy: 'singleton' },
  'fetch-reply-previews': { name: 'fetch-reply-previews', retryLimit: 2, retryDelay: 30 },
  // One waiting and one running at most: a burst of changes is one more run, which drains them all.
  'refresh-similar-posts': { name: 'refresh-similar-posts', retryLimit: 3, retryDelay: 30, policy: 'stately' },
  // Declared before 'detect-image', which names it as its dead letter queue.
  'detection-failed': { name: 'detection-failed', retryLimit: 5, retryDelay: 30 },
  // pg-boss 10 has no heartbeat: a job whose worker died counts as failed once it expires, then retries.
  // Expiry just above the provider's timeout (set at start), maintenance every 30 s: a killed run is retried within 2 minutes.
  'detect-image': { name: 'detect-image', retryLimit: 4, retryDelay: 10, retryBackoff: true, deadLetter: 'detection-failed' },
  'embed-image': { name: 'embed-image', retryLimit: 4, retryDelay: 10, retryBackoff: true },
};

/** How long a detection job may run before it counts as dead: the provider's timeout plus a margin. */
export const detectionExpirySeconds = (providerTimeoutSeconds: number) => providerTimeoutSeconds + 15;
/** pg-boss maintenance (expiring jobs whose worker died, among other things) runs this often. */
export const MAINTENANCE_SECONDS = 30;
/** Jobs taken at once: detections one by one, since each counts its expiry from when it is fetched. */
const batchOf = (name: JobName) => (name === 'detect-image' ? 1 : WORK_BATCH);

// pg-boss writes a job with one INSERT; given our transaction it runs it there, so the job exists only if
// the transaction commits. This instance is never started: it only turns `send` into that statement.
const statementWriter = new PgBoss({ connectionString: 'postgres://localhost/unused' });

function positional(text: string, values: unknown[]): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const m of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(last, m.index)), sql`${values[Number(m[1]) - 1] ?? null}`);
    last = m.index + m[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
}

/** Enqueues a job inside the caller's transaction (queue options come from the queue's own row). */
export async function sendInTransaction<N extends JobName>(tx: Db | Tx, name: N, data: JobDefinitions[N]): Promise<void> {
  await statementWriter.send(name, data as object, {
    db: { executeSql: async (text: string, values: unknown[]) => tx.execute(positional(text, values)) },
  });
}

/** Jobs started by the clock (cron, UTC), declared in this one place; pg-boss keeps one schedule per name across instances. */
const SCHEDULES: { [N in JobName]?: { cron: string; data: JobDefinitions[N] } } = {
  'sweep-uploads': { cron: '17 * * * *', data: {} },
  // Every minute: a timed ban ends within a minute of its end (sign-in and writes also lift it on the spot).
  'lift-expired-bans': { cron: '* * * * *', data: {} },
  'sweep-link-previews': { cron: '41 * * * *', data: {} },
  // Changes wake it at once (see similar-wakeup.ts); the clock catches any wake-up that was missed.
  'refresh-similar-posts': { cron: '*/5 * * * *', data: {} },
};

export interface JobQueue {
  send<N extends JobName>(name: N, data: JobDefinitions[N]): Promise<string | null>;
  /** Runs the jobs that are due now, in this process; tests use it instead of waiting on a clock. */
  runDue(name: JobName): Promise<{ completed: number; failed: number }>;
  /** pg-boss maintenance now (expires jobs whose worker died); tests use it instead of waiting 30 s. */
  maintain(): Promise<void>;
  startWorkers(): Promise<void>;
  stop(): Promise<void>;
}

interface Log { error(obj: object, msg: string): void }

/** Every declared job. */
export const JOB_NAMES = Object.keys(QUEUE_OPTIONS) as JobName[];

/** Jobs a worker fetches at once from a queue (a singleton queue still hands out one at a time). */
const WORK_BATCH = 20;

/**
 * `pool` is the queue's own (a few connections), so it follows the database to a new address as the app's pool does.
 * `works: false` (an API instance with RUN_WORKER=false) only sends jobs: no queue maintenance, no clock.
 * Any number of working processes share the queues: pg-boss hands each job to one of them (SKIP LOCKED),
 * the sweeps and ban lifts are singleton queues (one running at a time across all of them), and its
 * timekeeper sends each scheduled job once per slot, whoever's clock fires first.
 */
export async function createJobQueue(
  pool: pg.Pool, handlers: JobHandlers, log: Log, opts: { works: boolean; providerTimeoutSeconds?: number } = { works: true },
): Promise<JobQueue> {
  const names = JOB_NAMES;
  for (const name of names) {
    if (typeof handlers[name] !== 'function') throw new Error(`Job ${name} has no handler`);
  }
  for (const name of Object.keys(handlers)) {
    if (!(name in QUEUE_OPTIONS)) throw new Error(`Handler ${name} names no declared job`);
  }
  const boss = new PgBoss({
    db: { executeSql: (text: string, values: unknown[]) => pool.query(text, values) },
    supervise: opts.works, schedule: opts.works, maintenanceIntervalSeconds: MAINTENANCE_SECONDS,
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await boss.start();
  const queueOptions = (name: JobName): PgBoss.Queue => name === 'detect-image'
    ? { ...QUEUE_OPTIONS[name], expireInSeconds: detectionExpirySeconds(opts.providerTimeoutSeconds ?? 45) }
    : QUEUE_OPTIONS[name];
  for (const name of names) await boss.createQueue(name, queueOptions(name));
  // createQueue keeps an existing queue's options: a changed provider timeout reaches it through updateQueue.
  await boss.updateQueue('detect-image', queueOptions('detect-image'));

  const send: JobContext['send'] = (name, data) => boss.send(name, data as object);
  const run = async <N extends JobName>(name: N, data: JobDefinitions[N]) => (handlers[name] as JobHandler<N>)(data, { send });
  /** Runs fetched jobs one by one, each completed or failed on its own (one failure sends no other job back). */
  const runFetched = async (name: JobName, jobs: PgBoss.Job<JobDefinitions[JobName]>[]) => {
    let completed = 0;
    for (const job of jobs) {
      try {
        await run(name, job.data);
        await boss.complete(name, job.id);
        completed++;
      } catch (err) {
        await boss.fail(name, job.id, { message: err instanceof Error ? err.message : String(err) });
      }
    }
    return { completed, failed: jobs.length - completed };
  };

  return {
    send,
    async runDue(name) {
      let completed = 0;
      let failed = 0;
      for (;;) {
        const jobs = await boss.fetch<JobDefinitions[typeof name]>(name, { batchSize: batchOf(name) });
        if (jobs.length === 0) break;
        const done = await runFetched(name, jobs);
        completed += done.completed;
        failed += done.failed;
      }
      return { completed, failed };
    },
    maintain: () => boss.maintain(),
    async startWorkers() {
      for (const name of names) {
        // Up to WORK_BATCH jobs a poll: one at a time, a queue would drain at one job every 2 seconds.
        await boss.work<JobDefinitions[typeof name]>(name, { pollingIntervalSeconds: 2, batchSize: batchOf(name) }, async (jobs) => {
          await runFetched(name, jobs);
        });
      }
      for (const [name, schedule] of Object.entries(SCHEDULES)) {
        await boss.schedule(name, schedule.cron, schedule.data);
      }
    },
    stop: () => boss.stop({ graceful: true, timeout: 10_000 }),
  };
}
