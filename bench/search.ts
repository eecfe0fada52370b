// npm run bench:search: 100,000 posts with varied vocabulary, then GET /api/search for common words, rare
// words, typos and part numbers, and GET /api/similar for ask-page drafts: p50/p95 at 1 and 4 clients,
// requests per second at 50 connections. Three times (BENCH_CACHE=both, the default; first, again or changing for
// one): every search asking the database, as the first ask of its words since the last change does
// (SEARCH_CACHE=false); with the answer cache (decision 022), as the same words asked again are answered until a
// change; and with the cache while a post changes every BENCH_CHANGE_MS (1,000) ms.
import autocannon from 'autocannon';
import { Worker } from 'node:worker_threads';
import { listen, startBenchApp } from './bench-app.js';
import { POSTS, QUERIES, SIMILAR_DRAFTS, seedSearchVolume } from './search-volume.js';
import { fillPreviews } from '../apps/server/src/modules/posts/service.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

const pathOf = (q: string) => `/api/search?q=${encodeURIComponent(q)}`;
const similarPath = (d: { title: string; description: string }) =>
  `/api/similar?title=${encodeURIComponent(d.title)}&description=${encodeURIComponent(d.description)}`;
// What each row measures, and how many results the first request of it finds.
const ROWS: { kind: string; paths: string[]; found(body: unknown): string }[] = [
  ...Object.entries(QUERIES).map(([kind, queries]) => ({
    kind,
    paths: queries.map(pathOf),
    found: (body: unknown) => {
      const { total, totalCapped } = body as { total: number; totalCapped: boolean };
      return `${total}${totalCapped ? '+' : ''}`;
    },
  })),
  {
    kind: 'similar (ask page draft)',
    paths: SIMILAR_DRAFTS.map(similarPath),
    found: (body: unknown) => String((body as { questions: unknown[] }).questions.length),
  },
];

// Closed-loop clients in their own thread (so they do not share the server's event loop): each sends the
// next query as soon as its previous answer arrives, for `seconds`; returns every latency in ms. node:http with
// keep-alive and a browser's Accept-Encoding, reading the whole (compressed) body: fetch cost the client 1.4 ms of
// CPU a request, which on 2 cores was taken from the server being measured (node:http 0.3 ms).
const CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true });
const headers = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const get = (url) => new Promise((resolve, reject) => {
  http.get(url, { agent, headers }, (res) => {
    res.on('data', () => {});
    res.on('end', () => resolve(res.statusCode));
    res.on('error', reject);
  }).on('error', reject);
});
(async () => {
  const { base, paths, clients, seconds } = workerData;
  const latencies = []; let failed = 0; const end = Date.now() + seconds * 1000;
  await Promise.all(Array.from({ length: clients }, async (_, c) => {
    for (let i = c; Date.now() < end; i++) {
      const t0 = performance.now();
      const status = await get(base + paths[i % paths.length]);
      if (status !== 200) failed++;
      latencies.push(performance.now() - t0);
    }
  }));
  agent.destroy();
  parentPort.postMessage({ latencies, failed });
})();`;

function measureClients(
  base: string,
  paths: string[],
  clients: number,
): Promise<{ latencies: number[]; failed: number }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(CLIENT, { eval: true, workerData: { base, paths, clients, seconds: SECONDS } });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

const CACHE = process.env.BENCH_CACHE ?? 'both';
// A post changed (its event drops every search answer) every CHANGE_MS in the last run, as a live forum changes.
const CHANGE_MS = Number(process.env.BENCH_CHANGE_MS ?? 1000);
const RUNS = [
  {
    name: 'first',
    title: 'Every search asking the database (SEARCH_CACHE=false), as the first ask of its words since the last change',
  },
  { name: 'again', title: 'The same words asked again: the answer cache (decision 022), until a change drops it' },
  {
    name: 'changing',
    title: `The answer cache while a post changes every ${CHANGE_MS} ms (each change drops every answer)`,
  },
].filter((run) => CACHE === 'both' || CACHE === run.name);
const HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** One row: the first request's matches, p50 / p95 at 1 and 4 clients, requests per second at 50 connections. */
async function measureRow(base: string, { kind, paths, found }: (typeof ROWS)[number]): Promise<string[]> {
  const cells = [kind, found(await (await fetch(base + paths[0]!)).json())];
  for (const clients of [1, 4]) {
    const { latencies, failed } = await measureClients(base, paths, clients);
    const sorted = latencies.sort((a, b) => a - b);
    cells.push(
      `${percentile(sorted, 50).toFixed(1)} / ${percentile(sorted, 95).toFixed(1)}${failed ? ` (${failed} failed)` : ''}`,
    );
  }
  const load = await autocannon({
    url: base,
    headers: HEADERS,
    requests: paths.map((path) => ({ path })),
    connections: 50,
    duration: SECONDS,
    workers: 1,
  });
  cells.push(
    load.requests.average.toFixed(0) +
      (load.non2xx || load.errors ? ` (${load.non2xx} non-2xx, ${load.errors} errors)` : ''),
  );
  return cells;
}

async function main() {
  const bench = await startBenchApp({ RUN_WORKER: 'false' });
  let uncached: Awaited<ReturnType<typeof startBenchApp>> | null = null;
  try {
    // A BENCH_DATABASE_URL forum seeded by an earlier run is measured as it is: before and after a change on one database.
    const {
      rows: [existing],
    } = await bench.app.services.database.pool.query<{ posts: number }>('SELECT count(*)::int AS posts FROM posts');
    if ((existing?.posts ?? 0) >= POSTS) {
      console.log(`Reusing the ${existing!.posts.toLocaleString('en-US')} posts already in the database`);
      // Seeded before the cards' previews were kept (decision 050): kept now, once.
      const made = await fillPreviews(bench.app.services.database.db);
      if (made) console.log(`Kept the previews of ${made.toLocaleString('en-US')} posts`);
    } else {
      const t0 = performance.now();
      await seedSearchVolume(bench.app);
      console.log(`Seeded ${POSTS.toLocaleString('en-US')} posts in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }
    // A second app on the same database answers every search from it (the first's embedded server, when no
    // BENCH_DATABASE_URL is given: a data folder of its own would start an empty one).
    uncached = await startBenchApp({
      RUN_WORKER: 'false',
      SEARCH_CACHE: 'false',
      DATABASE_URL: bench.app.services.database.url,
    });
    const cachedBase = await listen(bench.app);
    const bases: Record<string, string> = {
      first: await listen(uncached.app),
      again: cachedBase,
      changing: cachedBase,
    };
    // The newest open post's title written again: the search triggers rebuild its document and its event is sent.
    const change = () =>
      void bench.app.services.database.pool.query(
        `UPDATE posts SET title = title WHERE id = (SELECT id FROM posts WHERE status = 'open' ORDER BY created_at DESC LIMIT 1)`,
      );
    // BENCH_ONLY=typos,rare: only the rows whose name holds one of those words.
    const only = process.env.BENCH_ONLY?.split(',').filter(Boolean);
    const chosen = ROWS.filter((r) => !only || only.some((o) => r.kind.includes(o)));
    const tables: { title: string; rows: string[][] }[] = [];
    for (const run of RUNS) {
      const rows: string[][] = [];
      const changing = run.name === 'changing' ? setInterval(change, CHANGE_MS) : null;
      const fillsBefore = bench.app.services.searchCache?.stats.fills ?? 0;
      // Similar questions are never kept: measured with the first run only.
      for (const row of chosen.filter((r) => run.name === 'first' || !r.kind.startsWith('similar')))
        rows.push(await measureRow(bases[run.name]!, row));
      if (changing) clearInterval(changing);
      const fills = (bench.app.services.searchCache?.stats.fills ?? 0) - fillsBefore;
      tables.push({
        title: run.name === 'first' ? run.title : `${run.title}; ${fills} searches asked the database`,
        rows,
      });
    }
    const header = [
      'queries',
      'matches (1st)',
      '1 client p50 / p95 ms',
      '4 clients p50 / p95 ms',
      'req/s at 50 connections',
    ];
    const all = tables.flatMap((t) => t.rows);
    const widths = header.map((h, i) => Math.max(h.length, ...all.map((r) => r[i]!.length)));
    const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ');
    console.log(
      `\nGET /api/search and /api/similar on ${POSTS.toLocaleString('en-US')} posts, ${SECONDS} s per measurement, Node ${process.version}`,
    );
    for (const { title, rows } of tables) {
      console.log(`\n${title}:\n`);
      console.log(line(header));
      for (const r of rows) console.log(line(r));
    }
  } finally {
    await uncached?.close();
    await bench.close();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
