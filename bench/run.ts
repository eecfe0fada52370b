// npm run bench [-- --large]: seeds volume into a fresh database, then serves it with the compiled server in a
// process of its own, started as `npm start` starts it (decision 015), and measures endpoints with autocannon.
// The public pages are each measured against a bare Fastify serving the very same bytes from memory, in a
// process started the same way, so the ratio says what the app costs over a static file on this machine, and
// the memory figure is the server's alone (not the seeding's, not a TypeScript loader's, not the load's).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawn, type ChildProcess } from 'node:child_process';
import { startEmbedded } from '../apps/server/src/db/embedded.js';
import { buildServerIfNeeded } from '../scripts/build-server.mjs';
import { buildWebIfNeeded } from '../scripts/build-web-if-needed.mjs';
import { startBenchApp } from './bench-app.js';
import { freePort, memoryOf } from './process.js';
import { seedVolume, VOLUMES } from './volume.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
// The compared pages take turns with their bare twin in this many rounds of BENCH_SECONDS / BENCH_ROUNDS each.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SLICE = Math.max(1, Math.round(DURATION / ROUNDS));
const LARGE = process.argv.includes('--large') || process.env.BENCH_VOLUME === 'large';
// What a browser sends: the answers are compressed as a browser would get them.
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd', accept: 'application/json, text/html;q=0.9' };
const resultsDir = fileURLToPath(new URL('./results', import.meta.url));
const root = fileURLToPath(new URL('..', import.meta.url));
const PUBLIC_URL = 'http://127.0.0.1:3999';

interface Target {
  name: string; path: string; method?: 'GET' | 'POST'; body?: string; headers?: Record<string, string>;
  /** Measured against a bare server serving the same bytes; the issue's targets for its ratio and p99. */
  goal?: { ratio: number; p99?: number };
}
interface Measured { reqs: number; p50: number; p99: number; ok: boolean; status: string }

// The load comes from another process, so the server's memory figure is the server's alone and the load
// generator takes none of its event loop.
const LOAD = `
  const { default: autocannon } = await import('autocannon');
  const r = await autocannon(JSON.parse(process.argv[1]));
  process.stdout.write(JSON.stringify({ reqs: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors }));
`;

async function measure(url: string, target: Pick<Target, 'method' | 'body' | 'headers'>, seconds = DURATION): Promise<Measured> {
  const options = {
    url, method: target.method ?? 'GET', body: target.body, headers: { ...BROWSER, ...target.headers },
    connections: CONNECTIONS, duration: seconds,
  };
  const child = spawn(process.execPath, ['--input-type=module', '-e', LOAD, JSON.stringify(options)], {
    stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, NODE_OPTIONS: '' },
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  await new Promise((resolve) => child.once('exit', resolve));
  const r = JSON.parse(out) as { reqs: number; p50: number; p99: number; non2xx: number; errors: number };
  const ok = r.non2xx === 0 && r.errors === 0;
  return { reqs: r.reqs, p50: r.p50, p99: r.p99, ok, status: ok ? 'ok' : `${r.non2xx} non-2xx, ${r.errors} errors` };
}

/** Rounds as one figure: the mean rate, the median round's latencies. */
function combine(rounds: Measured[]): Measured {
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const bad = rounds.find((r) => !r.ok);
  return {
    reqs: rounds.reduce((sum, r) => sum + r.reqs, 0) / rounds.length,
    p50: median(rounds.map((r) => r.p50)),
    p99: median(rounds.map((r) => r.p99)),
    ok: !bad,
    status: bad ? bad.status : 'ok',
  };
}

/**
 * A Node process as `npm start` runs the server (compiled JavaScript, source maps on, two malloc arenas, NODE_ENV
 * production), once it has printed `ready`. It ends when this process does (its IPC channel closes).
 */
async function startNode(args: string[], env: Record<string, string>, ready: RegExp): Promise<{ child: ChildProcess; match: RegExpExecArray }> {
  const child = spawn(process.execPath, ['--enable-source-maps', ...args], {
    cwd: root, stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    env: { MALLOC_ARENA_MAX: '2', NODE_ENV: 'production', ...process.env, NODE_OPTIONS: '', ...env },
  });
  const match = await new Promise<RegExpExecArray>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += String(d);
      const found = ready.exec(out);
      if (found) resolve(found);
    });
    child.once('exit', (code) => reject(new Error(`${args.at(-1)} exited with ${code}: ${out}`)));
  });
  child.stdout!.resume();
  return { child, match };
}

async function stopNode(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** A bare Fastify answering each path with the bytes and headers the app answered it with: a static file's cost. */
async function bareTwin(base: string, targets: Target[], dir: string) {
  const copies: Array<{ headers: Record<string, string>; body: string }> = [];
  const sizes: number[] = [];
  for (const target of targets) {
    // The bytes as they travelled (still compressed), and the headers that say what they are.
    const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http.get(base + target.path, { headers: { ...BROWSER, ...target.headers } }, resolve).on('error', reject);
    });
    const chunks: Buffer[] = [];
    for await (const chunk of res) chunks.push(chunk as Buffer);
    const headers: Record<string, string> = { 'content-type': String(res.headers['content-type'] ?? 'application/octet-stream') };
    if (res.headers['content-encoding']) headers['content-encoding'] = res.headers['content-encoding'];
    const body = Buffer.concat(chunks);
    copies.push({ headers, body: body.toString('base64') });
    sizes.push(body.length);
  }
  const file = path.join(dir, 'bare-answers.json');
  writeFileSync(file, JSON.stringify(copies));
  const { child, match } = await startNode([fileURLToPath(new URL('./bare-twin.mjs', import.meta.url)), file], {}, /"port":(\d+)/);
  return { base: `http://127.0.0.1:${match[1]}`, sizes, close: () => stopNode(child) };
}

async function main() {
  const volume = LARGE ? VOLUMES.large : VOLUMES.default;
  // The server runs the build, as npm start does (the web build too: the post page is drawn from it).
  buildWebIfNeeded();
  await buildServerIfNeeded();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fenestra-bench-'));
  const embedded = process.env.BENCH_DATABASE_URL ? null : await startEmbedded(dataDir, { info() {}, warn: (msg) => console.warn(msg) });
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? embedded!.url;
  let server: ChildProcess | null = null;
  try {
    // Seeded through the app in this process, which then closes: the server measured has done nothing else.
    const seeding = await startBenchApp({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir });
    const t0 = performance.now();
    const seeded = await seedVolume(seeding.app, volume).finally(() => seeding.close());
    console.log(`Seeded ${seeded.members} members, ${seeded.posts} posts, ${seeded.replies} replies in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const port = await freePort();
    const started = await startNode([path.join(root, 'apps/server/dist/main.js')], {
      DATABASE_URL: databaseUrl, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL,
      LOG_LEVEL: 'warn', SEED: 'none', RATE_LIMIT_AUTH: '1000000',
      // The AI models stay unloaded unless asked for: the memory figure is the forum's own.
      AI_PROVIDER: process.env.AI_PROVIDER ?? 'off',
      // Measured without the job worker's work competing (jobs are still queued as an API instance does).
      RUN_WORKER: 'false',
    }, /Fenestra is ready/);
    server = started.child;
    const pid = server.pid!;
    const base = `http://127.0.0.1:${port}`;
    const atStart = memoryOf(pid);

    const member = { cookie: seeded.cookie };
    const compared: Target[] = [
      { name: 'home list, visitor', path: '/api/posts', goal: { ratio: 0.5, p99: 50 } },
      { name: 'home list, member', path: '/api/posts', headers: member, goal: { ratio: 0.25 } },
      { name: 'home list, page 50 (keyset)', path: `/api/posts?cursor=${encodeURIComponent(seeded.deepCursor)}`, goal: { ratio: 0.5, p99: 50 } },
      { name: 'post JSON', path: `/api/posts/${seeded.postId}`, goal: { ratio: 0.5, p99: 50 } },
      { name: 'post HTML', path: `/post/${seeded.postId}`, goal: { ratio: 0.5, p99: 50 } },
    ];
    const ninetyDaysAgo = new Date(Date.now() - 89 * 86_400_000).toISOString().slice(0, 10);
    const others: Target[] = [
      { name: 'GET /api/health', path: '/api/health' },
      { name: 'GET /api/config', path: '/api/config' },
      { name: 'GET /api/me (visitor)', path: '/api/me' },
      { name: 'GET /api/me (member)', path: '/api/me', headers: member },
      { name: 'GET / (app shell)', path: '/' },
      { name: 'GET /api/posts (popular, doors)', path: '/api/posts?sort=popular&topic=doors' },
      { name: 'GET /api/posts (unsolved first)', path: '/api/posts?sort=unsolved' },
      { name: 'GET /api/posts/:id/replies', path: `/api/posts/${seeded.postId}/replies` },
      // The same work whether the email is known or not: the two figures should match.
      { name: 'POST forgot-password (known email)', path: '/api/account/forgot-password', method: 'POST', body: JSON.stringify({ email: 'bench-real@example.com' }), headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1:3999' } },
      { name: 'POST forgot-password (unknown email)', path: '/api/account/forgot-password', method: 'POST', body: JSON.stringify({ email: 'nobody-here@example.com' }), headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1:3999' } },
      { name: 'GET /api/admin/analytics (90 days)', path: `/api/admin/analytics?from=${ninetyDaysAgo}`, headers: { cookie: seeded.staffCookie } },
    ];
    // BENCH_ONLY=post measures only the endpoints whose name contains it.
    const only = process.env.BENCH_ONLY;
    const pick = (list: Target[]) => list.filter((t) => !only || t.name.includes(only));

    const bare = await bareTwin(base, pick(compared), dataDir);
    const rows: string[][] = [];
    const results: Record<string, Measured & { bare: Measured; ratio: number; bytes: number }> = {};
    for (const [i, target] of pick(compared).entries()) {
      // A second of each first, so both are measured warm (compiled code, filled caches, open connections);
      // then the two take turns, so a burst of other work on the machine falls on both alike.
      await measure(base + target.path, target, 1);
      await measure(`${bare.base}/bare/${i}`, {}, 1);
      const rounds: Array<[Measured, Measured]> = [];
      for (let round = 0; round < ROUNDS; round++) {
        rounds.push([await measure(base + target.path, target, SLICE), await measure(`${bare.base}/bare/${i}`, {}, SLICE)]);
      }
      const measured = combine(rounds.map((r) => r[0]));
      const twin = combine(rounds.map((r) => r[1]));
      const ratio = measured.reqs / twin.reqs;
      results[target.name] = { ...measured, bare: twin, ratio, bytes: bare.sizes[i]! };
      const met = target.goal && ratio >= target.goal.ratio && (target.goal.p99 === undefined || measured.p99 < target.goal.p99);
      rows.push([
        target.name, String(bare.sizes[i]), measured.reqs.toFixed(0), String(measured.p50), String(measured.p99),
        twin.reqs.toFixed(0), String(twin.p99), ratio.toFixed(2),
        target.goal ? `${met ? 'met' : 'MISSED'} (≥${target.goal.ratio}${target.goal.p99 ? `, p99<${target.goal.p99}` : ''})` : '', measured.status,
      ]);
    }
    await bare.close();
    for (const target of pick(others)) {
      const measured = await measure(base + target.path, target);
      rows.push([target.name, '', measured.reqs.toFixed(0), String(measured.p50), String(measured.p99), '', '', '', '', measured.status]);
    }

    const header = ['endpoint', 'bytes', 'req/s', 'p50 ms', 'p99 ms', 'bare req/s', 'bare p99', 'ratio', 'target', 'status'];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ');
    console.log(`\n${seeded.posts} posts, ${seeded.replies} replies; ${CONNECTIONS} connections, ${DURATION} s each`
      + ` (compared pages: ${ROUNDS} rounds of ${SLICE} s, alternating with the bare server), Node ${process.version}\n`);
    console.log(line(header));
    for (const r of rows) console.log(line(r));
    const { rss: rssMiB, peak } = memoryOf(pid);
    console.log(`\nServer process memory (rss): ${atStart.rss.toFixed(0)} MiB when ready, ${rssMiB.toFixed(0)} MiB after the run (target < 300),`
      + ` ${peak.toFixed(0)} MiB at its peak`);

    // Each volume's figures are kept, so the large run is compared with the default one (target: within 20%).
    mkdirSync(resultsDir, { recursive: true });
    const mine = path.join(resultsDir, `bench-${seeded.posts}.json`);
    writeFileSync(mine, JSON.stringify({ at: new Date().toISOString(), posts: seeded.posts, rssMiB, results }, null, 2));
    const otherFile = path.join(resultsDir, `bench-${LARGE ? VOLUMES.default.posts : VOLUMES.large.posts}.json`);
    // Only the two named volumes are compared (not a BENCH_POSTS of one's own).
    if (seeded.posts === volume.posts && existsSync(otherFile)) {
      const other = JSON.parse(readFileSync(otherFile, 'utf8')) as { at: string; posts: number; results: typeof results };
      const [small, large] = LARGE ? [other.results, results] : [results, other.results];
      // Also as each run's ratio to its bare twin: on a shared machine the other work changes both runs' rates,
      // and the bare server, measured in turns with the app, shows by how much.
      console.log(`\nThe large volume against the default one (the other run: ${other.at}):`);
      const percent = (change: number) => `${change >= 0 ? '+' : ''}${(change * 100).toFixed(0)}%`.padStart(5);
      const verdict = (change: number) => (Math.abs(change) <= 0.2 ? 'within 20%' : 'MORE THAN 20%');
      for (const name of Object.keys(results)) {
        if (!small[name] || !large[name]) continue;
        const change = large[name].reqs / small[name].reqs - 1;
        const bare = large[name].bare.reqs / small[name].bare.reqs - 1;
        const ratio = large[name].ratio / small[name].ratio - 1;
        console.log(`  ${name.padEnd(30)} req/s ${percent(change)} ${verdict(change).padEnd(13)}  bare req/s ${percent(bare)}`
          + `  ratio ${small[name].ratio.toFixed(2)} -> ${large[name].ratio.toFixed(2)} ${percent(ratio)} ${verdict(ratio)}`);
      }
    }
  } finally {
    if (server) await stopNode(server);
    await embedded?.stop();
    // A cluster the postgres user could not keep under the temporary folder went to /var/lib/fenestra (embedded.ts).
    const moved = path.join(dataDir, 'pg-location.txt');
    const cluster = existsSync(moved) ? path.dirname(readFileSync(moved, 'utf8').trim()) : '';
    if (cluster.startsWith('/var/lib/fenestra/')) rmSync(cluster, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(() => process.exit(0), (err) => {
  console.error(err);
  process.exit(1);
});
