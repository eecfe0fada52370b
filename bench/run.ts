// npm run bench [-- --large]: seeds volume into a fresh database, then serves it with the compiled server in a
// process of its own, started as `npm start` starts it (decision 015), and measures endpoints with autocannon.
// The public pages are each measured against a bare Fastify serving the very same bytes from memory, in a
// process started the same way, so the ratio says what the app costs over a static file on this machine, and
// the memory figure is the server's alone (not the seeding's, not a TypeScript loader's, not the load's).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawn, type ChildProcess } from 'node:child_process';
import { startEmbedded } from '../apps/server/src/db/embedded.js';
import { buildServerIfNeeded } from '../scripts/build-server.mjs';
import { buildWebIfNeeded } from '../scripts/build-web-if-needed.mjs';
import { SERVER_NODE_ARGS, serverEnv } from '../scripts/server-process.mjs';
import { startBenchApp } from './bench-app.js';
import { summarise } from './cpu-profile.js';
import { cpuOf, describeMemory, freePort, MEMORY_PROBE, memoryOf, probeMemory, type MemoryProbe } from './process.js';
import { seedVolume, VOLUMES } from './volume.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
// The compared pages take turns with their bare twin in this many rounds of BENCH_SLICE seconds each.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SLICE = Number(process.env.BENCH_SLICE ?? 2);
const LARGE = process.argv.includes('--large') || process.env.BENCH_VOLUME === 'large';
// What a browser sends: the answers are compressed as a browser would get them.
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd', accept: 'application/json, text/html;q=0.9' };
const resultsDir = fileURLToPath(new URL('./results', import.meta.url));
const root = fileURLToPath(new URL('..', import.meta.url));
const PUBLIC_URL = 'http://127.0.0.1:3999';
// BENCH_PROFILE=1: the server runs with --cpu-prof; its profile is kept in bench/results/ and summarised at the end.
const PROFILE_DIR = process.env.BENCH_PROFILE ? path.join(resultsDir, 'profiles') : null;
// After the run the server is left idle this long, then measured again (what it holds once the burst is over).
const SETTLE = Number(process.env.BENCH_SETTLE ?? 10);

/** The options that profile a process (none unless BENCH_PROFILE), and the summary of its profile once it has exited. */
function profiling(name: string): { args: string[]; print(): void } {
  if (!PROFILE_DIR) return { args: [], print() {} };
  const file = `${name}-${Date.now()}.cpuprofile`;
  return {
    args: ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`, `--cpu-prof-name=${file}`],
    print: () => console.log(`\n${summarise(path.join(PROFILE_DIR, file))}`),
  };
}

interface Target {
  name: string; path: string; method?: 'GET' | 'POST'; body?: string; headers?: Record<string, string>;
  /** Measured against a bare server serving the same bytes; the issue's targets for its ratio and p99. */
  goal?: { ratio: number; p99?: number };
}
interface Measured {
  reqs: number; p50: number; p99: number; ok: boolean; status: string;
  /** The serving process's CPU time per answer, in microseconds: its own work, which other load on the machine changes least. */
  cpuUs: number;
}

// The load comes from another process, so the server's memory figure is the server's alone and the load
// generator takes none of its event loop.
const LOAD = `
  const { default: autocannon } = await import('autocannon');
  const r = await autocannon(JSON.parse(process.argv[1]));
  process.stdout.write(JSON.stringify({ reqs: r.requests.average, total: r.requests.total, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors }));
`;

/** Measures `url` served by process `pid` for `seconds`. */
async function measure(pid: number, url: string, target: Pick<Target, 'method' | 'body' | 'headers'>, seconds = DURATION): Promise<Measured> {
  const options = {
    url, method: target.method ?? 'GET', body: target.body, headers: { ...BROWSER, ...target.headers },
    connections: CONNECTIONS, duration: seconds,
  };
  const child = spawn(process.execPath, ['--input-type=module', '-e', LOAD, JSON.stringify(options)], {
    stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, NODE_OPTIONS: '' },
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  // The server is idle while the load generator starts and after it stops: CPU read across the whole run is the run's.
  const cpuBefore = cpuOf(pid);
  await new Promise((resolve) => child.once('exit', resolve));
  const cpu = cpuOf(pid) - cpuBefore;
  const r = JSON.parse(out) as { reqs: number; total: number; p50: number; p99: number; non2xx: number; errors: number };
  const ok = r.non2xx === 0 && r.errors === 0;
  return { reqs: r.reqs, p50: r.p50, p99: r.p99, ok, status: ok ? 'ok' : `${r.non2xx} non-2xx, ${r.errors} errors`, cpuUs: (cpu * 1000) / Math.max(1, r.total) };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Rounds as one figure: each the median round's (a burst of other work on the machine moves one round, not the figure). */
function combine(rounds: Measured[]): Measured {
  const bad = rounds.find((r) => !r.ok);
  return {
    reqs: median(rounds.map((r) => r.reqs)),
    p50: median(rounds.map((r) => r.p50)),
    p99: median(rounds.map((r) => r.p99)),
    cpuUs: median(rounds.map((r) => r.cpuUs)),
    ok: !bad,
    status: bad ? bad.status : 'ok',
  };
}

/**
 * A Node process as `npm start` runs the server (compiled JavaScript, scripts/server-process.mjs's flags and
 * environment), once it has printed `ready`. It ends when this process does (its IPC channel closes).
 */
async function startNode(args: string[], env: Record<string, string>, ready: RegExp): Promise<{ child: ChildProcess; match: RegExpExecArray }> {
  // BENCH_NODE_ARGS replaces the flags (e.g. to measure without one of them).
  const flags = process.env.BENCH_NODE_ARGS !== undefined ? process.env.BENCH_NODE_ARGS.split(' ').filter(Boolean) : SERVER_NODE_ARGS;
  const child = spawn(process.execPath, [...flags, ...args], {
    cwd: root, stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    env: { ...serverEnv(), NODE_OPTIONS: '', ...env },
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
    if (process.env.BENCH_TWIN_HEADERS) for (const [k, v] of Object.entries(res.headers)) if (!['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(k)) headers[k] = String(v);
    const body = Buffer.concat(chunks);
    copies.push({ headers, body: body.toString('base64') });
    sizes.push(body.length);
  }
  const file = path.join(dir, 'bare-answers.json');
  writeFileSync(file, JSON.stringify(copies));
  const profile = profiling('bare');
  const { child, match } = await startNode([...profile.args, fileURLToPath(new URL('./bare-twin.mjs', import.meta.url)), file], {}, /"port":(\d+)/);
  return {
    base: `http://127.0.0.1:${match[1]}`, pid: child.pid!, sizes,
    async close() {
      await stopNode(child);
      profile.print();
    },
  };
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
    const startServer = async (file: string, args: string[] = []) => {
      const port = await freePort();
      // The memory probe (bench/memory-probe.mjs) answers over the IPC channel; the server's code knows nothing of it.
      const { child } = await startNode([...MEMORY_PROBE, ...args, file], {
        DATABASE_URL: databaseUrl, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL,
      LOG_LEVEL: 'warn', SEED: 'none', RATE_LIMIT_AUTH: '1000000',
      // The AI models stay unloaded unless asked for: the memory figure is the forum's own.
      AI_PROVIDER: process.env.AI_PROVIDER ?? 'off',
      // Measured without the job worker's work competing (jobs are still queued as an API instance does).
        RUN_WORKER: 'false',
      }, /Fenestra is ready/);
      return { child, pid: child.pid!, base: `http://127.0.0.1:${port}` };
    };
    const profile = profiling('server');
    // BENCH_SERVER=<a build's main.js> measures that build instead of this checkout's.
    const started = await startServer(path.resolve(process.env.BENCH_SERVER ?? path.join(root, 'apps/server/dist/main.js')), profile.args);
    server = started.child;
    const { pid, base } = started;
    const atStart = memoryOf(pid);
    // BENCH_BEFORE=<another build's main.js>: that server too, on the same database, taking turns with this one
    // and the bare server (before and after a change, in one sitting).
    const before = process.env.BENCH_BEFORE ? await startServer(path.resolve(process.env.BENCH_BEFORE)) : null;

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
    // Before and after a change, only the compared pages.
    if (before) others.length = 0;
    // BENCH_ONLY=post measures only the endpoints whose name contains it.
    const only = process.env.BENCH_ONLY;
    const pick = (list: Target[]) => list.filter((t) => !only || t.name.includes(only));

    const bare = await bareTwin(base, pick(compared), dataDir);
    const rows: string[][] = [];
    const results: Record<string, Measured & { bare: Measured; ratio: number; bytes: number }> = {};
    const loadAtStart = loadavg()[0]!;
    for (const [i, target] of pick(compared).entries()) {
      const app = () => measure(pid, base + target.path, target, SLICE);
      const twin = () => measure(bare.pid, `${bare.base}/bare/${i}`, {}, SLICE);
      // A second of each first, so both are measured warm (compiled code, filled caches, open connections);
      // then the two take turns, so a burst of other work on the machine falls on both alike.
      await measure(pid, base + target.path, target, 1);
      await measure(bare.pid, `${bare.base}/bare/${i}`, {}, 1);
      const rounds: Array<[Measured, Measured]> = [];
      const old = before && (() => measure(before.pid, before.base + target.path, target, SLICE));
      if (old) await measure(before!.pid, before!.base + target.path, target, 1);
      const olds: Measured[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        // The before-server goes first in every other round, so neither build is always the one after the bare server.
        if (old && round % 2) olds.push(await old());
        rounds.push([await app(), await twin()]);
        if (old && !(round % 2)) olds.push(await old());
      }
      const measured = combine(rounds.map((r) => r[0]));
      const twinMeasured = combine(rounds.map((r) => r[1]));
      // Each round's ratio is of two runs a few seconds apart; the median of them, not a ratio of medians.
      const ratio = median(rounds.map(([a, b]) => a.reqs / b.reqs));
      results[target.name] = { ...measured, bare: twinMeasured, ratio, bytes: bare.sizes[i]! };
      const met = target.goal && ratio >= target.goal.ratio && (target.goal.p99 === undefined || measured.p99 < target.goal.p99);
      rows.push([
        target.name, String(bare.sizes[i]), measured.reqs.toFixed(0), String(measured.p50), String(measured.p99),
        twinMeasured.reqs.toFixed(0), String(twinMeasured.p99), ratio.toFixed(2),
        `${rounds.map(([a, b]) => (a.reqs / b.reqs).toFixed(2)).sort().join(' ')}`,
        measured.cpuUs.toFixed(0), twinMeasured.cpuUs.toFixed(0),
        target.goal ? `${met ? 'met' : 'MISSED'} (≥${target.goal.ratio}${target.goal.p99 ? `, p99<${target.goal.p99}` : ''})` : '', measured.status,
      ]);
      if (old) {
        // Its ratio against the bare round before it.
        const was = combine(olds);
        const wasRatios = olds.map((o, r) => o.reqs / rounds[r]![1].reqs);
        rows.push([`  before`, '', was.reqs.toFixed(0), String(was.p50), String(was.p99), '', '', median(wasRatios).toFixed(2),
          wasRatios.map((x) => x.toFixed(2)).sort().join(' '), was.cpuUs.toFixed(0), '', '', was.status]);
      }
    }
    if (before) await stopNode(before.child);
    await bare.close();
    for (const target of pick(others)) {
      const measured = await measure(pid, base + target.path, target);
      rows.push([target.name, '', measured.reqs.toFixed(0), String(measured.p50), String(measured.p99), '', '', '', '', measured.cpuUs.toFixed(0), '', '', measured.status]);
    }
    const load = `load average ${loadAtStart.toFixed(2)} when the compared pages began, ${loadavg()[0]!.toFixed(2)} at the end`;

    const header = ['endpoint', 'bytes', 'req/s', 'p50 ms', 'p99 ms', 'bare req/s', 'bare p99', 'ratio', 'ratio each round', 'CPU µs/req', 'bare CPU µs', 'target', 'status'];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ');
    console.log(`\n${seeded.posts} posts, ${seeded.replies} replies; ${CONNECTIONS} connections; compared pages: ${ROUNDS} rounds of ${SLICE} s`
      + ` alternating with the bare server (figures: the median round's), the others ${DURATION} s; Node ${process.version}; ${load}\n`);
    console.log(line(header));
    for (const r of rows) console.log(line(r));
    console.log('CPU µs/req: the serving process\'s CPU time per answer (its own work: what other load on the machine changes least).');
    const { rss: rssMiB, peak } = memoryOf(pid);
    console.log(`\nServer process memory (rss): ${atStart.rss.toFixed(0)} MiB when ready, ${rssMiB.toFixed(0)} MiB after the run (target < 300),`
      + ` ${peak.toFixed(0)} MiB at its peak`);
    // What the figure is made of: as the run left it, after SETTLE idle seconds, and after full collections (what
    // is live; the difference is garbage V8 had not yet collected). Each in MiB.
    const afterRun = await probeMemory(server);
    await new Promise((resolve) => setTimeout(resolve, SETTLE * 1000));
    const settled = await probeMemory(server);
    const memory: Record<string, MemoryProbe> = { afterRun, settled, collected: await probeMemory(server, true) };
    console.log(`  after the run:          ${describeMemory(afterRun)}`);
    console.log(`  after ${String(SETTLE).padStart(3)} s idle:       ${describeMemory(settled)}`);
    console.log(`  after a full collection: ${describeMemory(memory.collected!)}`);

    // Each volume's figures are kept, so the large run is compared with the default one (target: within 20%).
    mkdirSync(resultsDir, { recursive: true });
    const mine = path.join(resultsDir, `bench-${seeded.posts}${before ? '-against-before' : ''}.json`);
    writeFileSync(mine, JSON.stringify({ at: new Date().toISOString(), posts: seeded.posts, load, rssMiB, memory, results }, null, 2));
    const otherFile = path.join(resultsDir, `bench-${LARGE ? VOLUMES.default.posts : VOLUMES.large.posts}.json`);
    // Only the two named volumes are compared (not a BENCH_POSTS of one's own), and not with a before-and-after run.
    if (seeded.posts === volume.posts && !before && existsSync(otherFile)) {
      const other = JSON.parse(readFileSync(otherFile, 'utf8')) as { at: string; posts: number; load?: string; results: typeof results };
      const [small, large] = LARGE ? [other.results, results] : [results, other.results];
      // The two runs are minutes apart, and other work on a shared machine moves every rate between them: the
      // bare server's change shows by how much. The ratio to the bare server and the CPU time per answer are
      // the steadier figures; each verdict is printed, none hidden.
      console.log(`\nThe large volume against the default one (the other run: ${other.at}, ${other.load ?? 'load not recorded'}):`);
      const percent = (change: number) => `${change >= 0 ? '+' : ''}${(change * 100).toFixed(0)}%`.padStart(5);
      const within = (change: number) => (Math.abs(change) <= 0.2 ? 'within 20%' : 'MORE THAN 20%').padEnd(13);
      for (const name of Object.keys(results)) {
        if (!small[name] || !large[name]) continue;
        const change = large[name].reqs / small[name].reqs - 1;
        const bare = large[name].bare.reqs / small[name].bare.reqs - 1;
        const ratio = large[name].ratio / small[name].ratio - 1;
        // More CPU per answer is slower: the rate it allows changes by the inverse.
        const cpu = small[name].cpuUs && large[name].cpuUs ? small[name].cpuUs / large[name].cpuUs - 1 : NaN;
        console.log(`  ${name.padEnd(28)} req/s ${percent(change)} ${within(change)} (bare ${percent(bare)})`
          + `  ratio ${small[name].ratio.toFixed(2)} -> ${large[name].ratio.toFixed(2)} ${percent(ratio)} ${within(ratio)}`
          + (Number.isNaN(cpu) ? '' : `  CPU/req ${small[name].cpuUs.toFixed(0)} -> ${large[name].cpuUs.toFixed(0)} µs, rate it allows ${percent(cpu)} ${within(cpu)}`));
      }
    }
    // A profile is written as its process exits.
    await stopNode(server);
    profile.print();
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
