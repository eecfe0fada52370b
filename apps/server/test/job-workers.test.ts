import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { createJobQueue, JOB_NAMES, type JobHandlers, type JobQueue } from '../src/jobs/queue.js';
import { connect, type Database } from '../src/db/client.js';
import { createTestApp, freshDatabase } from './helpers.js';

// Several `npm run worker` processes on one database: each job is handed to one of them, and the
// singleton queues (the sweeps, lifting bans) never run two at once, whichever worker asks.
describe('several job workers on one database', () => {
  const ran: string[] = [];
  let duringSweep: Awaited<ReturnType<JobQueue['runDue']>> | null = null;
  let a: JobQueue;
  let b: JobQueue;
  let pools: Database[] = [];
  const quiet = {
    error: (obj: object, msg: string) => {
      throw Object.assign(new Error(msg), obj);
    },
    warn: (obj: object, msg: string) => {
      throw Object.assign(new Error(msg), obj);
    },
  };

  const handlers = (worker: string): JobHandlers => {
    const none = async () => {};
    const all = Object.fromEntries(JOB_NAMES.map((name) => [name, none])) as unknown as JobHandlers;
    return {
      ...all,
      'send-email': async ({ to }) => {
        ran.push(`${to} by ${worker}`);
      },
      // While one worker sweeps, the other asks for the sweep that is waiting: it gets nothing.
      'sweep-uploads': async () => {
        ran.push(`sweep by ${worker}`);
        if (worker === 'a' && duringSweep === null) duringSweep = await b.runDue('sweep-uploads');
      },
    };
  };

  beforeAll(async () => {
    const url = await freshDatabase();
    pools = [connect(url, { max: 4 }), connect(url, { max: 4 })];
    a = await createJobQueue(pools[0]!.pool, handlers('a'), quiet);
    b = await createJobQueue(pools[1]!.pool, handlers('b'), quiet);
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    for (const p of pools) await p.close();
  });

  it('runs each job once, whichever worker fetches it', async () => {
    ran.length = 0;
    for (let i = 0; i < 30; i++) await a.send('send-email', { to: `m${i}@example.com`, subject: 's', text: 't' });
    const [fromA, fromB] = await Promise.all([a.runDue('send-email'), b.runDue('send-email')]);
    expect(fromA.completed + fromB.completed).toBe(30);
    const recipients = ran.map((r) => r.split(' ')[0]);
    expect(new Set(recipients).size).toBe(30);
    expect(recipients).toHaveLength(30);
  });

  it('never runs a singleton job on two workers at once', async () => {
    ran.length = 0;
    await a.send('sweep-uploads', {});
    await a.send('sweep-uploads', {});
    // pg-boss hands out a job once its start_after (the send's now()) is before the fetch's now(): a CI run's worker
    // found one sweep of two not yet due. Asked again until both ran; which worker ran each is what is judged.
    let completed = 0;
    for (let round = 0; round < 5 && completed < 2; round++) completed += (await a.runDue('sweep-uploads')).completed;
    expect({ completed, duringSweep, ran }).toEqual({
      completed: 2,
      duringSweep: { completed: 0, failed: 0 },
      ran: ['sweep by a', 'sweep by a'],
    });
  });

  it('keeps no schedule on an instance with RUN_WORKER=false (the workers keep the clock), yet sends jobs', async () => {
    const t = await createTestApp({ RUN_WORKER: 'false' });
    try {
      expect(await t.app.services.jobs.send('sweep-uploads', {})).toEqual(expect.any(String));
      expect((await t.app.services.database.pool.query('SELECT name FROM pgboss.schedule')).rows).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
