import PgBoss from 'pg-boss';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';

// The jobs every layer may name and send; the queue that runs them is jobs/queue.ts (modules never import it).

// Named jobs, declared once; a handler is safe to run twice (STYLE.md #8).
export interface JobDefinitions {
  'send-email': { to: string; subject: string; text: string; html?: string; headers?: Record<string, string> };
  /** Every forgot-password request, known email or not: the worker decides whether a link is mailed. */
  'password-reset': { email: string };
  'sweep-uploads': Record<string, never>;
  'lift-expired-bans': Record<string, never>;
  /** The email for one notification, built at send time from the member's preferences then. */
  'notification-email': { notificationId: string };
  /** The one email for the replies to a post that came within 15 minutes of the last one emailed (issue 25). */
  'reply-emails-gathered': { userId: string; postId: string };
  /** The digest of new questions to every member whose daily or weekly period is due (each period claimed once). */
  'send-digests': Record<string, never>;
  /** The push for one notification: one 'push-to-device' per device, when the member pushes its kind (decided then). */
  'notification-push': { notificationId: string };
  /** One push to one device; a device the push service calls gone (404/410) is removed. */
  'push-to-device': { notificationId: string; subscriptionId: string };
  'sweep-link-previews': Record<string, never>;
  /** Cards for a saved reply's links; announces reply.updated when they are there. */
  'fetch-reply-previews': { replyId: string };
  'refresh-similar-posts': Record<string, never>;
  /** Every unlocked member's trust level from their history (issue 26); hourly, safe to run twice. */
  'refresh-trust-levels': Record<string, never>;
  /** A post image's detection, when its status is still queued (safe to run twice); chains 'embed-image'. */
  'detect-image': {
    imageId: string;
    /** Times it was put off at the provider's Retry-After. */
    deferrals?: number;
    /** Not a question's photo: its author's reply photo, or a photo on the ask form (an upload) before posting. */
    of?: 'reply' | 'draft';
    /** A draft's words as the form had them (a posted photo's come from its question). */
    title?: string;
    description?: string;
  };
  /** A detection's vector from its current words (corrected object first); re-embeds one made by another model. */
  'embed-image': { imageId: string };
  /** Where 'detect-image' lands when its retries are spent (pg-boss's dead letter): the image shows 'Detection failed'. */
  'detection-failed': { imageId: string; of?: 'reply' | 'draft' };
}
export type JobName = keyof JobDefinitions;
/** What a handler may do besides its work: chain a follow-up job. */
export interface JobContext {
  /** `startAfterSeconds`: not before then (a provider's Retry-After). */
  send<M extends JobName>(
    name: M,
    data: JobDefinitions[M],
    options?: { startAfterSeconds?: number },
  ): Promise<string | null>;
}
export type JobHandler<N extends JobName> = ((data: JobDefinitions[N], context: JobContext) => Promise<void>) & {
  /** Jobs of this queue run at once in one process (1 unless said: a remote AI provider's detections). */
  workers?: number;
};
export type JobHandlers = { [N in JobName]: JobHandler<N> };

export interface JobQueue {
  send<N extends JobName>(name: N, data: JobDefinitions[N]): Promise<string | null>;
  /** Runs the jobs that are due now, in this process; tests use it instead of waiting on a clock. */
  runDue(name: JobName): Promise<{ completed: number; failed: number }>;
  /** pg-boss maintenance now (expires jobs whose worker died); tests use it instead of waiting 30 s. */
  maintain(): Promise<void>;
  startWorkers(): Promise<void>;
  stop(): Promise<void>;
  /** Started and not stopping (what /api/ready reports as the job runtime). */
  running(): boolean;
}

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
export async function sendInTransaction<N extends JobName>(
  tx: Db | Tx,
  name: N,
  data: JobDefinitions[N],
): Promise<void> {
  await statementWriter.send(name, data as object, {
    db: { executeSql: async (text: string, values: unknown[]) => tx.execute(positional(text, values)) },
  });
}
