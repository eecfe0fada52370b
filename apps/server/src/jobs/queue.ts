import PgBoss from 'pg-boss';
import type pg from 'pg';
import type { JobContext, JobDefinitions, JobHandler, JobHandlers, JobName, JobQueue } from '../lib/jobs.js';

export type { JobContext, JobDefinitions, JobHandler, JobHandlers, JobName, JobQueue } from '../lib/jobs.js';

const QUEUE_OPTIONS: Record<JobName, PgBoss.Queue> = {
  'send-email': { name: 'send-email', retryLimit: 8, retryDelay: 15, retryBackoff: true },
  'sweep-uploads': { name: 'sweep-uploads', retryLimit: 2, retryDelay: 60, policy: 'singleton' },
  'lift-expired-bans': { name: 'lift-expired-bans', retryLimit: 2, retryDelay: 30, policy: 'singleton' },
  // Every 5 minutes for a bit more than a day; the handler itself gives up (and records it) after 24 hours.
  'notification-email': { name: 'notification-email', retryLimit: 300, retryDelay: 300, retryBackoff: false },
  'notification-push': { name: 'notification-push', retryLimit: 5, retryDelay: 30, retryBackoff: true },
  // A push service that is down: tried again for about a day (backoff from 60 s), as its TTL keeps the message.
  'push-to-device': { name: 'push-to-device', retryLimit: 10, retryDelay: 60, retryBackoff: true },
  // Each waiting reply's email job asks for it: the first run at the window's end sends them all, the others find none.
  'reply-emails-gathered': { name: 'reply-emails-gathered', retryLimit: 8, retryDelay: 60, retryBackoff: true },
  'send-digests': { name: 'send-digests', retryLimit: 3, retryDelay: 300, policy: 'singleton' },
  'password-reset': { name: 'password-reset', retryLimit: 4, retryDelay: 5, retryBackoff: true },
  'sweep-link-previews': { name: 'sweep-link-previews', retryLimit: 2, retryDelay: 60, policy: 'singleton' },
  'fetch-reply-previews': { name: 'fetch-reply-previews', retryLimit: 2, retryDelay: 30 },
  // One waiting and one running at most: a burst of changes is one more run, which drains them all.
  'refresh-similar-posts': { name: 'refresh-similar-posts', retryLimit: 3, retryDelay: 30, policy: 'stately' },
  'refresh-trust-levels': { name: 'refresh-trust-levels', retryLimit: 2, retryDelay: 60, policy: 'singleton' },
  // Declared before 'detect-image', which names it as its dead letter queue.
  'detection-failed': { name: 'detection-failed', retryLimit: 5, retryDelay: 30 },
  // pg-boss 10 has no heartbeat: a job whose worker died counts as failed once it expires, then retries.
  // Expiry just above the provider's timeout (set at start), maintenance every 30 s: a killed run is retried within 2 minutes.
  'detect-image': {
    name: 'detect-image',
    retryLimit: 4,
    retryDelay: 10,
    retryBackoff: true,
    deadLetter: 'detection-failed',
  },
  'embed-image': { name: 'embed-image', retryLimit: 4, retryDelay: 10, retryBackoff: true },
};

/** How long a detection job may run before it counts as dead: the provider's timeout plus a margin. */
export const detectionExpirySeconds = (providerTimeoutSeconds: number) => providerTimeoutSeconds + 15;
/** pg-boss maintenance (expiring jobs whose worker died, among other things) runs this often. */
export const MAINTENANCE_SECONDS = 30;
/** Jobs taken at once: detections one by one, since each counts its expiry from when it is fetched. */
const batchOf = (name: JobName) => (name === 'detect-image' ? 1 : WORK_BATCH);

/** Jobs started by the clock (cron, UTC), declared in this one place; pg-boss keeps one schedule per name across instances. */
const SCHEDULES: { [N in JobName]?: { cron: string; data: JobDefinitions[N] } } = {
  'sweep-uploads': { cron: '17 * * * *', data: {} },
  // Every minute: a timed ban ends within a minute of its end (sign-in and writes also lift it on the spot).
  'lift-expired-bans': { cron: '* * * * *', data: {} },
  'sweep-link-previews': { cron: '41 * * * *', data: {} },
  // Trust levels follow what members did within the hour (a day's wait is part of the rule, not of the clock).
  'refresh-trust-levels': { cron: '29 * * * *', data: {} },
  // Hourly: each member's digest goes out with the first run of their period (a claimed row makes it once).
  'send-digests': { cron: '5 * * * *', data: {} },
  // Changes wake it at once (see similar-wakeup.ts); the clock catches any wake-up that was missed.
  'refresh-similar-posts': { cron: '*/5 * * * *', data: {} },
};

interface Log {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** How often an idle worker asks its queue for jobs. */
const POLL_MS = 2_000;
/** While the database is away a worker asks less and less often, up to this. */
const POLL_AWAY_MAX_MS = 15_000;
/** How long stopping waits for the jobs in hand; those still running then are retried once they expire. */
const STOP_WAIT_MS = 10_000;

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
  pool: pg.Pool,
  handlers: JobHandlers,
  log: Log,
  opts: { works: boolean; providerTimeoutSeconds?: number } = { works: true },
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
    supervise: opts.works,
    schedule: opts.works,
    maintenanceIntervalSeconds: MAINTENANCE_SECONDS,
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await boss.start();
  const queueOptions = (name: JobName): PgBoss.Queue =>
    name === 'detect-image'
      ? { ...QUEUE_OPTIONS[name], expireInSeconds: detectionExpirySeconds(opts.providerTimeoutSeconds ?? 45) }
      : QUEUE_OPTIONS[name];
  for (const name of names) await boss.createQueue(name, queueOptions(name));
  // createQueue keeps an existing queue's options: a changed provider timeout reaches it through updateQueue.
  await boss.updateQueue('detect-image', queueOptions('detect-image'));

  const send: JobContext['send'] = (name, data, options) =>
    options?.startAfterSeconds
      ? boss.send(name, data as object, { startAfter: Math.ceil(options.startAfterSeconds) })
      : boss.send(name, data as object);
  const run = async <N extends JobName>(name: N, data: JobDefinitions[N]) =>
    (handlers[name] as JobHandler<N>)(data, { send });
  const workers: Array<Promise<void>> = [];
  const sleepers = new Set<() => void>();
  let stopping = false;

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

  const queue: JobQueue = {
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
    running: () => !stopping,
    async startWorkers() {
      for (const name of names) {
        // Up to WORK_BATCH jobs a poll: one at a time, a queue would drain at one job every 2 seconds. A queue
        // whose handler asks for more workers gets them (each fetching one job at a time: detections).
        for (let i = 0; i < Math.max(1, handlers[name].workers ?? 1); i++) workers.push(workLoop(name));
      }
      for (const [name, schedule] of Object.entries(SCHEDULES)) {
        await boss.schedule(name, schedule.cron, schedule.data);
      }
    },
    async stop() {
      stopping = true;
      for (const wake of [...sleepers]) wake();
      let waited: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all(workers),
        new Promise((resolve) => {
          waited = setTimeout(resolve, STOP_WAIT_MS);
        }),
      ]);
      clearTimeout(waited);
      await boss.stop({ graceful: false });
    },
  };

  return queue;

  /**
   * One worker of a queue: fetch, run, mark each job, again at once while there were jobs, else after POLL_MS.
   * Ours, not pg-boss's work(): after its callback that one completes or fails the jobs again without awaiting it,
   * and with the database away that rejection went unhandled and ended the process. Here every error of a round
   * (the fetch, a job marked while the database is away) is caught: the round's unmarked jobs are retried once they
   * expire, and the worker waits longer while the database stays away.
   */
  async function workLoop(name: JobName): Promise<void> {
    let wait = POLL_MS;
    while (!stopping) {
      try {
        const jobs = await boss.fetch<JobDefinitions[typeof name]>(name, { batchSize: batchOf(name) });
        wait = POLL_MS;
        if (jobs.length > 0) {
          await runFetched(name, jobs);
          continue;
        }
      } catch (err) {
        log.warn({ err, queue: name }, 'job worker could not reach the database; trying again');
        wait = Math.min(wait * 2, POLL_AWAY_MAX_MS);
      }
      await pause(wait);
    }
  }

  function pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      sleepers.add(wake);
    });
  }
}
