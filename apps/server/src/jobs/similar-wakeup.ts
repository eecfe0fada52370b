import pg from 'pg';
import type { JobQueue } from './queue.js';

interface Log {
  warn(obj: object, msg: string): void;
}

const CHANNEL = 'post_similar_due';
const RECONNECT_MS = 5_000;

/**
 * Triggers queue posts whose similar list is due (post_similar_queue) and NOTIFY post_similar_due; this
 * listener turns that into a 'refresh-similar-posts' job at once. The queue table is the record, so a
 * notification missed while disconnected is caught by the next one, the run at start, or the schedule.
 * It reconnects to the database's address then (`address`): a joined embedded server may have moved.
 */
export async function listenForSimilarDue(
  address: () => string,
  jobs: JobQueue,
  log: Log,
): Promise<{ stop(): Promise<void> }> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  const wake = () => {
    jobs
      .send('refresh-similar-posts', {})
      .catch((err: unknown) => log.warn({ err }, 'could not queue the similar posts refresh'));
  };

  async function connect() {
    const next = new pg.Client({ connectionString: address(), application_name: 'fenestra-similar-wakeup' });
    next.on('notification', wake);
    next.on('error', (err) => {
      log.warn({ err }, 'similar posts listener lost its connection');
      next.end().catch(() => {});
      if (client === next) client = null;
      schedule();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANNEL}`);
      client = next;
      wake();
    } catch (err) {
      log.warn({ err }, 'similar posts listener could not connect');
      next.end().catch(() => {});
      schedule();
    }
  }
  function schedule() {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, RECONNECT_MS);
  }

  await connect();
  return {
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}
