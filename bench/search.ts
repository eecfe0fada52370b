// npm run bench:search: 100,000 posts with varied vocabulary, then GET /api/search for common words, rare
// words, typos and part numbers, and GET /api/similar for ask-page drafts: p50/p95 at 1 and 4 clients,
// requests per second at 50 connections.
import autocannon from 'autocannon';
import { Worker } from 'node:worker_threads';
import { listen, startBenchApp } from './bench-app.js';
import { POSTS, QUERIES, SIMILAR_DRAFTS, seedSearchVolume } from './search-volume.js';

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
  { kind: 'similar (ask page draft)', paths: SIMILAR_DRAFTS.map(similarPath), found: (body: unknown) => String((body as { questions: unknown[] }).questions.length) },
];

// Closed-loop clients in their own thread (so they do not share the server's event loop): each sends the
// next query as soon as its previous answer arrives, for `seconds`; returns every latency in ms.
const CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const { base, paths, clients, seconds } = workerData;
  const latencies = []; let failed = 0; const end = Date.now() + seconds * 1000;
  await Promise.all(Array.from({ length: clients }, async (_, c) => {
    for (let i = c; Date.now() < end; i++) {
      const t0 = performance.now();
      const res = await fetch(base + paths[i % paths.length]);
      await res.arrayBuffer();
      if (!res.ok) failed++;
      latencies.push(performance.now() - t0);
    }
  }));
  parentPort.postMessage({ latencies, failed });
})();`;

function measureClients(base: string, paths: string[], clients: number): Promise<{ latencies: number[]; failed: number }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(CLIENT, { eval: true, workerData: { base, paths, clients, seconds: SECONDS } });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function main() {
  const bench = await startBenchApp({ RUN_WORKER: 'false' });
  try {
    // A BENCH_DATABASE_URL forum seeded by an earlier run is measured as it is: before and after a change on one database.
    const { rows: [existing] } = await bench.app.services.database.pool.query<{ posts: number }>('SELECT count(*)::int AS posts FROM posts');
    if ((existing?.posts ?? 0) >= POSTS) {
      console.log(`Reusing the ${existing!.posts.toLocaleString('en-US')} posts already in the database`);
    } else {
      const t0 = performance.now();
      await seedSearchVolume(bench.app);
      console.log(`Seeded ${POSTS.toLocaleString('en-US')} posts in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }
    const base = await listen(bench.app);
    const rows: string[][] = [];
    // BENCH_ONLY=typos,rare: only the rows whose name holds one of those words.
    const only = process.env.BENCH_ONLY?.split(',').filter(Boolean);
    for (const { kind, paths, found } of ROWS.filter((r) => !only || only.some((o) => r.kind.includes(o)))) {
      const cells = [kind, found(await (await fetch(base + paths[0]!)).json())];
      for (const clients of [1, 4]) {
        const { latencies, failed } = await measureClients(base, paths, clients);
        const sorted = latencies.sort((a, b) => a - b);
        cells.push(`${percentile(sorted, 50).toFixed(1)} / ${percentile(sorted, 95).toFixed(1)}${failed ? ` (${failed} failed)` : ''}`);
      }
      const load = await autocannon({ url: base, requests: paths.map((path) => ({ path })), connections: 50, duration: SECONDS, workers: 1 });
      cells.push(load.requests.average.toFixed(0) + (load.non2xx || load.errors ? ` (${load.non2xx} non-2xx, ${load.errors} errors)` : ''));
      rows.push(cells);
    }
    const header = ['queries', 'matches (1st)', '1 client p50 / p95 ms', '4 clients p50 / p95 ms', 'req/s at 50 connections'];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ');
    console.log(`\nGET /api/search and /api/similar on ${POSTS.toLocaleString('en-US')} posts, ${SECONDS} s per measurement, Node ${process.version}\n`);
    console.log(line(header));
    for (const r of rows) console.log(line(r));
  } finally {
    await bench.close();
  }
}

main().then(() => process.exit(0), (err) => {
  console.error(err);
  process.exit(1);
});
