// The bench waits for the server to draw every public post's page ahead of its first visitor (decision 046) before
// it measures anything: that work would otherwise count in the figures of whatever ran beside it. What the drawing
// cost is reported on its own.
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { cpuOf, pgCpuByBackend, pgCpuSince } from './process.js';

export interface DrawnAhead {
  kept: number;
  publicPosts: number;
  seconds: number;
  /** The server's and its PostgreSQL backends' CPU a page drawn, in ms. */
  serverMs: number;
  pgMs: number;
}

/** Polls the page store until every public post has its page (or a minute passes with none more: its cap). */
export async function pagesDrawnAhead(databaseUrl: string, pid: number, database: string): Promise<DrawnAhead> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const count = async (sql: string) => (await client.query<{ n: number }>(sql)).rows[0]!.n;
    const publicPosts = await count(`SELECT count(*)::int AS n FROM posts WHERE status IN ('open', 'solved')`);
    const kept = () => count(`SELECT count(*)::int AS n FROM rendered_pages WHERE key LIKE '%:/post/%'`);
    const t0 = performance.now();
    const [cpu0, pg0, kept0] = [cpuOf(pid), pgCpuByBackend(database), await kept()];
    let now = kept0;
    for (let still = 0, last = -1; now < publicPosts && still < 60;) {
      await sleep(1_000);
      now = await kept();
      still = now === last ? still + 1 : 0;
      last = now;
      if (process.stdout.isTTY) process.stdout.write(`\rDrawing post pages ahead: ${now} of ${publicPosts}`);
    }
    const drawn = Math.max(1, now - kept0);
    return {
      kept: now,
      publicPosts,
      seconds: (performance.now() - t0) / 1000,
      serverMs: (cpuOf(pid) - cpu0) / drawn,
      pgMs: pgCpuSince(database, pg0) / drawn,
    };
  } finally {
    await client.end();
  }
}

export function describeDrawnAhead(d: DrawnAhead): string {
  return (
    `Drawn ahead (decision 046): ${d.kept.toLocaleString('en-US')} of ${d.publicPosts.toLocaleString('en-US')} public ` +
    `posts' pages kept in ${d.seconds.toFixed(0)} s, ${d.serverMs.toFixed(1)} ms of server CPU and ` +
    `${d.pgMs.toFixed(1)} ms of PostgreSQL CPU a page`
  );
}

/** Empties the page store (no event: the servers running go on as if nothing happened). */
export async function emptyPageStore(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('DELETE FROM rendered_pages').finally(() => client.end());
}
