// npm run bench: seeds volume into a fresh database, serves the real app, and measures endpoints with autocannon.
import autocannon from 'autocannon';
import { listen, startBenchApp } from './bench-app.js';
import { seedVolume } from './volume.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

interface Target { name: string; path: string; method?: 'GET' | 'POST'; body?: string; headers?: Record<string, string> }

async function main() {
  const bench = await startBenchApp();
  const { app } = bench;
  try {
    const t0 = performance.now();
    const volume = await seedVolume(app);
    console.log(`Seeded ${volume.members} members, ${volume.posts} posts, ${volume.replies} replies in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const base = await listen(app);

    const ninetyDaysAgo = new Date(Date.now() - 89 * 86_400_000).toISOString().slice(0, 10);
    const targets: Target[] = [
      { name: 'GET /api/health', path: '/api/health' },
      { name: 'GET /api/config', path: '/api/config' },
      { name: 'GET /api/me (visitor)', path: '/api/me' },
      { name: 'GET /api/me (member)', path: '/api/me', headers: { cookie: volume.cookie } },
      { name: 'GET / (app shell)', path: '/' },
      { name: 'GET /api/posts (recent)', path: '/api/posts' },
      { name: 'GET /api/posts (popular, doors)', path: '/api/posts?sort=popular&topic=doors' },
      { name: 'GET /api/posts (unsolved first)', path: '/api/posts?sort=unsolved' },
      { name: 'GET /api/posts (page 50)', path: `/api/posts?cursor=${encodeURIComponent(volume.deepCursor)}` },
      { name: 'GET /api/posts (member)', path: '/api/posts', headers: { cookie: volume.cookie } },
      { name: 'GET /api/posts/:id', path: `/api/posts/${volume.postId}` },
      { name: 'GET /post/:id (HTML + meta)', path: `/post/${volume.postId}` },
      // The same work whether the email is known or not: the two figures should match.
      { name: 'POST forgot-password (known email)', path: '/api/account/forgot-password', method: 'POST', body: JSON.stringify({ email: 'bench-real@example.com' }), headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1:3999' } },
      { name: 'POST forgot-password (unknown email)', path: '/api/account/forgot-password', method: 'POST', body: JSON.stringify({ email: 'nobody-here@example.com' }), headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1:3999' } },
      { name: 'GET /api/admin/analytics (90 days)', path: `/api/admin/analytics?from=${ninetyDaysAgo}`, headers: { cookie: volume.staffCookie } },
    ];
    const rows: string[][] = [];
    // BENCH_ONLY=posts measures only the endpoints whose name contains it.
    const only = process.env.BENCH_ONLY;
    for (const target of targets.filter((t) => !only || t.name.includes(only))) {
      const result = await autocannon({
        url: base + target.path,
        method: target.method ?? 'GET',
        body: target.body,
        headers: target.headers,
        connections: CONNECTIONS,
        duration: DURATION,
        // The load runs in its own thread so it does not share the server's event loop.
        workers: 1,
      });
      const ok = result.non2xx === 0 && result.errors === 0;
      rows.push([
        target.name,
        result.requests.average.toFixed(0),
        String(result.latency.p50),
        String(result.latency.p97_5),
        String(result.latency.p99),
        ok ? 'ok' : `${result.non2xx} non-2xx, ${result.errors} errors`,
      ]);
    }
    const header = ['endpoint', 'req/s', 'p50 ms', 'p97.5 ms', 'p99 ms', 'status'];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ');
    console.log(`\n${CONNECTIONS} connections, ${DURATION} s each, Node ${process.version}\n`);
    console.log(line(header));
    for (const r of rows) console.log(line(r));
    const mem = process.memoryUsage();
    console.log(`\nServer process memory after the run: rss ${(mem.rss / 2 ** 20).toFixed(0)} MiB, heap ${(mem.heapUsed / 2 ** 20).toFixed(0)} MiB`);
  } finally {
    await bench.close();
  }
}

main().then(() => process.exit(0), (err) => {
  console.error(err);
  process.exit(1);
});
