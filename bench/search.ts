// npm run bench:search: 100,000 posts with varied vocabulary, then GET /api/search for common words, rare
// words, typos and part numbers: p50/p95 at 1 and 4 clients, requests per second at 50 connections.
import autocannon from 'autocannon';
import { Worker } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import { listen, startBenchApp } from './bench-app.js';

const POSTS = Number(process.env.BENCH_POSTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

const PARTS = ['casement operator', 'crank handle', 'sash lock', 'spiral balance', 'block and tackle balance', 'patio door roller',
  'screen spline', 'weatherstrip', 'glazing bead', 'friction stay', 'door closer', 'multipoint lock', 'euro cylinder', 'pivot shoe',
  'tilt latch', 'espagnolette handle', 'butt hinge', 'strike plate', 'sash keeper', 'storm door closer', 'sliding door handle',
  'mortise lock', 'letter plate', 'bifold guide wheel', 'garage door seal', 'skylight gasket', 'insulated glass unit', 'corner key',
  'screen door roller', 'louvre clip', 'awning operator', 'sash cord', 'sash pulley', 'jamb liner', 'door sweep', 'threshold',
  'kick plate', 'door viewer', 'trickle vent', 'window stay'];
const BRANDS = ['Andersen', 'Pella', 'Marvin', 'Milgard', 'Truth', 'Roto', 'Winkhaus', 'Maco', 'Siegenia', 'Yale', 'ERA', 'Fuhr',
  'Hoppe', 'Schlage', 'Kwikset', 'Larson', 'Emco', 'Simonton', 'Hurd', 'Kolbe', 'Loewen', 'Velux', 'Fakro', 'Mila', 'Avocet'];
const PROBLEMS = ['stripped', 'broken', 'sticking', 'seized', 'loose', 'rattling', 'will not latch', 'spins freely', 'cracked', 'bent',
  'leaking', 'drafty', 'squeaking', 'rusted', 'worn flat', 'jumping off the track', 'falls down', 'hard to open', 'will not close', 'missing'];
const PLACES = ['kitchen', 'bedroom', 'bathroom', 'basement', 'front door', 'back door', 'patio', 'garage', 'porch', 'attic'];
const MATERIALS = ['aluminium', 'vinyl', 'uPVC', 'wooden', 'steel', 'fibreglass', 'brass', 'zinc'];
// Made-up model names, three syllables each: 8,000 of them, each in about a dozen posts (the rare words).
const SYLLABLES = ['ka', 'lo', 'mi', 'ru', 'te', 'zo', 'van', 'bel', 'dor', 'fin', 'gra', 'hul', 'jex', 'kor', 'lum', 'nex', 'pol', 'quin', 'sar', 'tav'];
const rareWord = (g: number) => SYLLABLES[g % 20]! + SYLLABLES[Math.floor(g / 20) % 20]! + SYLLABLES[Math.floor(g / 400) % 20]!;
// Part numbers: a dotted code shared by about 10 posts, and a unique stamped code per post.
const dottedCode = (g: number) => `${10 + (g % 90)}.${String(Math.floor(g / 90) % 100).padStart(2, '0')}.${String(g % 11).padStart(2, '0')}`;
const stampedCode = (g: number) => `RX${g}`;

const sqlArray = (values: string[]) => `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`;
const pick = (array: string, salt: string, length: number) => `(${array})[1 + abs(hashtext(g::text || '${salt}')) % ${length}]`;

async function seed(app: FastifyInstance) {
  const pool = app.services.database.pool;
  await pool.query(`INSERT INTO users (id, name, email) SELECT 'bench-' || g, 'bench_member_' || g, 'bench' || g || '@example.com' FROM generate_series(1, 2000) g`);
  await pool.query(`INSERT INTO profiles (id, username) SELECT 'bench-' || g, 'bench_member_' || g FROM generate_series(1, 2000) g`);
  const [parts, brands, problems, places, materials] = [PARTS, BRANDS, PROBLEMS, PLACES, MATERIALS].map(sqlArray);
  const part = pick(parts!, 'p', PARTS.length);
  const rare = `(${sqlArray(SYLLABLES)})[1 + g % 20] || (${sqlArray(SYLLABLES)})[1 + (g / 20) % 20] || (${sqlArray(SYLLABLES)})[1 + (g / 400) % 20]`;
  const dotted = `(10 + g % 90)::text || '.' || lpad(((g / 90) % 100)::text, 2, '0') || '.' || lpad((g % 11)::text, 2, '0')`;
  // One statement, so the search triggers build every document in one pass.
  await pool.query(`
    INSERT INTO posts (user_id, topic, title, description, status, created_at)
    SELECT 'bench-' || (1 + g % 2000),
      (ARRAY['windows','doors','screens','glazing','misc'])[1 + g % 5]::topic,
      ${pick(brands!, 'b', BRANDS.length)} || ' ' || ${part} || ' ' || ${pick(problems!, 'q', PROBLEMS.length)} || ' in the ' || ${pick(places!, 'l', PLACES.length)},
      'The ' || ${pick(materials!, 'm', MATERIALS.length)} || ' ' || ${part} || ' on my ' || ${pick(places!, 'k', PLACES.length)} || ' '
        || ${pick(parts!, 'r', PARTS.length)} || ' is ' || ${pick(problems!, 's', PROBLEMS.length)} || '. It is a ' || ${rare}
        || ' model, stamped ' || ${dotted} || ' and RX' || g || '. What replacement do I need and how do I fit it?',
      (ARRAY['open','solved','open','solved','open','solved','open','pending'])[1 + g % 8]::post_status,
      now() - (g || ' minutes')::interval
    FROM generate_series(1, ${POSTS}) g`);
  await pool.query('ANALYZE');
}

const QUERIES: Record<string, string[]> = {
  'common words': ['window', 'door handle', 'hinge', 'broken lock', 'crank', 'roller', 'weatherstrip'],
  'rare words': [rareWord(101), rareWord(2345), rareWord(4321), rareWord(7777), rareWord(999)],
  typos: ['casment operater', 'hindge', 'weatherstip', 'multipiont lock', 'spirl balance', 'espagnolete'],
  'part numbers': [dottedCode(1234), dottedCode(56789), stampedCode(4242), stampedCode(98765), dottedCode(333)],
};
const pathOf = (q: string) => `/api/search?q=${encodeURIComponent(q)}`;

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
    const t0 = performance.now();
    await seed(bench.app);
    console.log(`Seeded ${POSTS.toLocaleString('en-US')} posts in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const base = await listen(bench.app);
    const rows: string[][] = [];
    for (const [kind, queries] of Object.entries(QUERIES)) {
      const paths = queries.map(pathOf);
      const sample = await (await fetch(base + paths[0]!)).json() as { total: number; totalCapped: boolean };
      const cells = [kind, `${sample.total}${sample.totalCapped ? '+' : ''}`];
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
    console.log(`\nGET /api/search on ${POSTS.toLocaleString('en-US')} posts, ${SECONDS} s per measurement, Node ${process.version}\n`);
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
