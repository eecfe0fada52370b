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
import { removeDataDir, startEmbedded } from '../apps/server/src/db/embedded.js';
import { buildServerIfNeeded } from '../scripts/build-server.mjs';
import { buildWebIfNeeded } from '../scripts/build-web-if-needed.mjs';
import { SERVER_NODE_ARGS, serverEnv } from '../scripts/server-process.mjs';
import { startBenchApp } from './bench-app.js';
import { summarise } from './cpu-profile.js';
import {
  cpuOf,
  databaseNameOf,
  describeMemory,
  freePort,
  MEMORY_PROBE,
  memoryOf,
  pgCpuByBackend,
  pgCpuSince,
  probeMemory,
  type MemoryProbe,
} from './process.js';
import { parseFilter, parseSort } from '@fenestra/shared';
import { missPaths, type MissPaths } from './miss-paths.js';
import { describeDrawnAhead, emptyPageStore, pagesDrawnAhead } from './drawn-ahead.js';
import { seedVolume, VOLUMES } from './volume.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
// The compared pages take turns with their bare twin in this many rounds of BENCH_SLICE seconds each.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SLICE = Number(process.env.BENCH_SLICE ?? 2);
const LARGE = process.argv.includes('--large') || process.env.BENCH_VOLUME === 'large';
// BENCH_VARIANTS picks what is measured (default all): 'hits' (the pages read a moment ago, and the other endpoints),
// 'misses' (rotating so nothing repeats: post pages, their API reads, list pages, member pages, tag and part pages
// (their HTML and their reads), search words) and
// 'mixed' (50 connections reading hot and long-tail post pages 80/20 while 5 members reply and like).
const VARIANTS = new Set((process.env.BENCH_VARIANTS ?? 'hits,misses,mixed').split(',').map((v) => v.trim()));
// The mixed load runs this long (one run: its writes change what it reads as it goes).
const MIXED_SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 10);
// NodeBB 4.11.2 on this machine, 20,000 posts, 50 connections (issue 28): a post page, read before or not.
const NODEBB_POST_PAGE = 51;
// List pages walked for each sort, filter and topic (72 of them) for the list variant.
const PAGES_PER_LIST = Number(process.env.BENCH_LIST_PAGES ?? 25);
// The list a tag page asks for, as the browser's getPosts asks (the default filter and sort).
const TAG_LIST = { scope: 'public', filter: parseFilter(null), sort: parseSort(null) };
// What a browser sends: the answers are compressed as a browser would get them.
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd', accept: 'application/json, text/html;q=0.9' };
const resultsDir = fileURLToPath(new URL('./results', import.meta.url));
const root = fileURLToPath(new URL('..', import.meta.url));
const PUBLIC_URL = 'http://127.0.0.1:3999';
// BENCH_PROFILE=1: the server runs with --cpu-prof; its profile is kept in bench/results/ and summarised at the end.
const PROFILE_DIR = process.env.BENCH_PROFILE ? path.join(resultsDir, 'profiles') : null;
// After the run the server is left idle this long, then measured again (what it holds once the burst is over): long
// enough for its own collection once quiet (5 s without a request, checked every 5 s: decision 047).
const SETTLE = Number(process.env.BENCH_SETTLE ?? 15);

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
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  /** Measured against a bare server serving the same bytes; the issue's targets for its ratio and p99. */
  goal?: { ratio: number; p99?: number };
}
interface Measured {
  reqs: number;
  p50: number;
  p99: number;
  ok: boolean;
  status: string;
  /** The serving process's CPU time per answer, in microseconds: its own work, which other load on the machine changes least. */
  cpuUs: number;
  /** The CPU time per answer of the PostgreSQL backends serving the bench's database (0 for the bare server). */
  pgUs: number;
  /** Answers in the run. */
  total: number;
}

// The load comes from another process, so the server's memory figure is the server's alone and the load
// generator takes none of its event loop.
// With \`pathsFile\` (a JSON list of addresses), every request takes the next of them (from \`start\`), whichever connection sends it: nothing repeats
// until the list does (a miss variant), or the list is the mix itself (the mixed load).
const LOAD = `
  const { default: autocannon } = await import('autocannon');
  const options = JSON.parse(process.argv[1]);
  if (options.pathsFile) {
    let next = options.start ?? 0;
    const paths = JSON.parse((await import('node:fs')).readFileSync(options.pathsFile, 'utf8'));
    options.requests = [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }];
    delete options.pathsFile;
  }
  const r = await autocannon(options);
  process.stdout.write(JSON.stringify({ reqs: r.requests.average, total: r.requests.total, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors }));
`;

/** Measures `url` served by process `pid` for `seconds`. */
async function measure(
  pid: number,
  url: string,
  target: Pick<Target, 'method' | 'body' | 'headers'> & { paths?: string[]; start?: number },
  seconds = DURATION,
): Promise<Measured> {
  const options = {
    url,
    method: target.method ?? 'GET',
    body: target.body,
    headers: { ...BROWSER, ...target.headers },
    connections: CONNECTIONS,
    duration: seconds,
    pathsFile: target.paths && pathsFile(target.paths),
    start: target.start,
  };
  const child = spawn(process.execPath, ['--input-type=module', '-e', LOAD, JSON.stringify(options)], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  // The server is idle while the load generator starts and after it stops: CPU read across the whole run is the run's.
  const cpuBefore = cpuOf(pid);
  const pgBefore = database ? pgCpuByBackend(database) : null;
  await new Promise((resolve) => child.once('exit', resolve));
  const cpu = cpuOf(pid) - cpuBefore;
  const pgCpu = database && pgBefore ? pgCpuSince(database, pgBefore) : 0;
  const r = JSON.parse(out) as {
    reqs: number;
    total: number;
    p50: number;
    p99: number;
    non2xx: number;
    errors: number;
  };
  const ok = r.non2xx === 0 && r.errors === 0;
  return {
    reqs: r.reqs,
    p50: r.p50,
    p99: r.p99,
    ok,
    status: ok ? 'ok' : `${r.non2xx} non-2xx, ${r.errors} errors`,
    cpuUs: (cpu * 1000) / Math.max(1, r.total),
    pgUs: (pgCpu * 1000) / Math.max(1, r.total),
    total: r.total,
  };
}

/** A list of addresses in a file of its own (too long for a command line), written once; all go when the bench ends. */
const pathsFiles = new WeakMap<string[], string>();
let pathsDir: string | null = null;
let pathsWritten = 0;
function pathsFile(paths: string[]): string {
  let file = pathsFiles.get(paths);
  if (!file) {
    if (!pathsDir) {
      const dir = mkdtempSync(path.join(tmpdir(), 'fenestra-bench-paths-'));
      process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
      pathsDir = dir;
    }
    file = path.join(pathsDir, `paths-${++pathsWritten}.json`);
    writeFileSync(file, JSON.stringify(paths));
    pathsFiles.set(paths, file);
  }
  return file;
}

/** The bench's database, whose PostgreSQL backends' CPU each measurement counts (set once it is known). */
let database: string | null = null;

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
    pgUs: median(rounds.map((r) => r.pgUs)),
    total: rounds.reduce((sum, r) => sum + r.total, 0),
    ok: !bad,
    status: bad ? bad.status : 'ok',
  };
}

/**
 * A Node process as `npm start` runs the server (compiled JavaScript, scripts/server-process.mjs's flags and
 * environment), once it has printed `ready`. It ends when this process does (its IPC channel closes).
 */
async function startNode(
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
): Promise<{ child: ChildProcess; match: RegExpExecArray }> {
  // BENCH_NODE_ARGS replaces the flags (e.g. to measure without one of them).
  const flags =
    process.env.BENCH_NODE_ARGS !== undefined
      ? process.env.BENCH_NODE_ARGS.split(' ').filter(Boolean)
      : SERVER_NODE_ARGS;
  const child = spawn(process.execPath, [...flags, ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
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
    const headers: Record<string, string> = {
      'content-type': String(res.headers['content-type'] ?? 'application/octet-stream'),
    };
    if (res.headers['content-encoding']) headers['content-encoding'] = res.headers['content-encoding'];
    if (process.env.BENCH_TWIN_HEADERS)
      for (const [k, v] of Object.entries(res.headers))
        if (!['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(k))
          headers[k] = String(v);
    const body = Buffer.concat(chunks);
    copies.push({ headers, body: body.toString('base64') });
    sizes.push(body.length);
  }
  const file = path.join(dir, 'bare-answers.json');
  writeFileSync(file, JSON.stringify(copies));
  const profile = profiling('bare');
  const { child, match } = await startNode(
    [...profile.args, fileURLToPath(new URL('./bare-twin.mjs', import.meta.url)), file],
    {},
    /"port":(\d+)/,
  );
  return {
    base: `http://127.0.0.1:${match[1]}`,
    pid: child.pid!,
    sizes,
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
  const embedded = process.env.BENCH_DATABASE_URL
    ? null
    : await startEmbedded(dataDir, { info() {}, warn: (msg) => console.warn(msg) });
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? embedded!.url;
  let server: ChildProcess | null = null;
  try {
    // Seeded through the app in this process, which then closes: the server measured has done nothing else.
    database = databaseNameOf(databaseUrl);
    const seeding = await startBenchApp({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir });
    const t0 = performance.now();
    let rotations: MissPaths | null = null;
    const seeded = await seedVolume(seeding.app, volume)
      .then(async (done) => {
        // Read through the seeding app, whose cache is not the measured server's.
        if (VARIANTS.has('misses') || VARIANTS.has('mixed'))
          rotations = await missPaths(seeding.app, { pagesPerList: PAGES_PER_LIST, origin: PUBLIC_URL });
        return done;
      })
      .finally(() => seeding.close());
    console.log(
      `Seeded ${seeded.members} members, ${seeded.posts} posts, ${seeded.replies} replies in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    const startServer = async (file: string, args: string[] = [], env: Record<string, string> = {}) => {
      const port = await freePort();
      // The memory probe (bench/memory-probe.mjs) answers over the IPC channel; the server's code knows nothing of it.
      const { child } = await startNode(
        [...MEMORY_PROBE, ...args, file],
        {
          DATABASE_URL: databaseUrl,
          DATA_DIR: dataDir,
          PORT: String(port),
          HOST: '127.0.0.1',
          PUBLIC_URL,
          LOG_LEVEL: 'warn',
          SEED: 'none',
          RATE_LIMIT_AUTH: '1000000',
          // The AI models stay unloaded unless asked for: the memory figure is the forum's own.
          AI_PROVIDER: process.env.AI_PROVIDER ?? 'off',
          // Measured without the job worker's work competing (jobs are still queued as an API instance does).
          RUN_WORKER: 'false',
          // The mixed load's five members reply and like as fast as they are answered.
          RATE_LIMIT_REPLIES: '1000000',
          RATE_LIMIT_POSTS: '1000000',
          ...env,
        },
        /Fenestra is ready/,
      );
      return { child, pid: child.pid!, base: `http://127.0.0.1:${port}` };
    };
    const profile = profiling('server');
    // BENCH_SERVER=<a build's main.js> measures that build instead of this checkout's.
    // Post pages are drawn ahead (decision 046) as npm start draws them, when the misses or the mixed load read them.
    const drawsAhead = VARIANTS.has('misses') || VARIANTS.has('mixed');
    const started = await startServer(
      path.resolve(process.env.BENCH_SERVER ?? path.join(root, 'apps/server/dist/main.js')),
      profile.args,
      { DRAW_PAGES_AHEAD: String(drawsAhead) },
    );
    server = started.child;
    const { pid, base } = started;
    // Done before anything is measured: its work would count in what ran beside it.
    const drawnAhead = drawsAhead ? await pagesDrawnAhead(databaseUrl, pid, database) : null;
    if (drawnAhead) console.log(`\n${describeDrawnAhead(drawnAhead)}`);
    const atStart = memoryOf(pid);
    // BENCH_BEFORE=<another build's main.js>: that server too, on the same database, taking turns with this one
    // and the bare server (before and after a change, in one sitting).
    const before = process.env.BENCH_BEFORE
      ? await startServer(path.resolve(process.env.BENCH_BEFORE), [], { DRAW_PAGES_AHEAD: 'false' })
      : null;

    const member = { cookie: seeded.cookie };
    const compared: Target[] = [
      { name: 'home list, visitor', path: '/api/posts', goal: { ratio: 0.5, p99: 50 } },
      { name: 'home list, member', path: '/api/posts', headers: member, goal: { ratio: 0.25 } },
      {
        name: 'home list, page 50 (keyset)',
        path: `/api/posts?cursor=${encodeURIComponent(seeded.deepCursor)}`,
        goal: { ratio: 0.5, p99: 50 },
      },
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
      // Kept in the public-read cache since decision 040 (it was read from PostgreSQL on every view).
      { name: 'GET /api/posts/:id/similar', path: `/api/posts/${seeded.postId}/similar` },
      // The same work whether the email is known or not: the two figures should match.
      {
        name: 'POST forgot-password (known email)',
        path: '/api/account/forgot-password',
        method: 'POST',
        body: JSON.stringify({ email: 'bench-real@example.com' }),
        headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1:3999' },
      },
      {
        name: 'POST forgot-password (unknown email)',
        path: '/api/account/forgot-password',
        method: 'POST',
        body: JSON.stringify({ email: 'nobody-here@example.com' }),
        headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1:3999' },
      },
      {
        name: 'GET /api/admin/analytics (90 days)',
        path: `/api/admin/analytics?from=${ninetyDaysAgo}`,
        headers: { cookie: seeded.staffCookie },
      },
    ];
    // Before and after a change, only the compared pages.
    if (before) others.length = 0;
    // BENCH_ONLY=post measures only the endpoints whose name contains it.
    const only = process.env.BENCH_ONLY;
    const pick = (list: Target[]) => (VARIANTS.has('hits') ? list.filter((t) => !only || t.name.includes(only)) : []);

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
      const met =
        target.goal && ratio >= target.goal.ratio && (target.goal.p99 === undefined || measured.p99 < target.goal.p99);
      rows.push([
        target.name,
        String(bare.sizes[i]),
        measured.reqs.toFixed(0),
        String(measured.p50),
        String(measured.p99),
        twinMeasured.reqs.toFixed(0),
        String(twinMeasured.p99),
        ratio.toFixed(2),
        `${rounds
          .map(([a, b]) => (a.reqs / b.reqs).toFixed(2))
          .sort()
          .join(' ')}`,
        measured.cpuUs.toFixed(0),
        measured.pgUs.toFixed(0),
        twinMeasured.cpuUs.toFixed(0),
        target.goal
          ? `${met ? 'met' : 'MISSED'} (≥${target.goal.ratio}${target.goal.p99 ? `, p99<${target.goal.p99}` : ''})`
          : '',
        measured.status,
      ]);
      if (old) {
        // Its ratio against the bare round before it.
        const was = combine(olds);
        const wasRatios = olds.map((o, r) => o.reqs / rounds[r]![1].reqs);
        rows.push([
          `  before`,
          '',
          was.reqs.toFixed(0),
          String(was.p50),
          String(was.p99),
          '',
          '',
          median(wasRatios).toFixed(2),
          wasRatios
            .map((x) => x.toFixed(2))
            .sort()
            .join(' '),
          was.cpuUs.toFixed(0),
          was.pgUs.toFixed(0),
          '',
          '',
          was.status,
        ]);
      }
    }
    if (before) await stopNode(before.child);
    await bare.close();
    for (const target of pick(others)) {
      const measured = await measure(pid, base + target.path, target);
      rows.push([
        target.name,
        '',
        measured.reqs.toFixed(0),
        String(measured.p50),
        String(measured.p99),
        '',
        '',
        '',
        '',
        measured.cpuUs.toFixed(0),
        measured.pgUs.toFixed(0),
        '',
        '',
        measured.status,
      ]);
    }
    const missRows = rotations ? await missesAndMixed(rotations, { pid, base, dataDir, databaseUrl, startServer }) : [];
    const load = `load average ${loadAtStart.toFixed(2)} when the compared pages began, ${loadavg()[0]!.toFixed(2)} at the end`;

    const header = [
      'endpoint',
      'bytes',
      'req/s',
      'p50 ms',
      'p99 ms',
      'bare req/s',
      'bare p99',
      'ratio',
      'ratio each round',
      'CPU µs/req',
      'PG µs/req',
      'bare CPU µs',
      'target',
      'status',
    ];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ');
    console.log(
      `\n${seeded.posts} posts, ${seeded.replies} replies; ${CONNECTIONS} connections; compared pages: ${ROUNDS} rounds of ${SLICE} s` +
        ` alternating with the bare server (figures: the median round's), the others ${DURATION} s; Node ${process.version}; ${load}\n`,
    );
    if (rows.length) {
      console.log(line(header));
      for (const r of rows) console.log(line(r));
    }
    if (missRows.length) printMisses(missRows);
    if (drawnAhead) console.log(`${describeDrawnAhead(drawnAhead)}.`);
    console.log(
      "CPU µs/req: the serving process's CPU time per answer (its own work: what other load on the machine changes least);" +
        " PG µs/req: the CPU time per answer of the PostgreSQL backends serving the bench's database (from /proc).",
    );
    const { rss: rssAtEnd, peak } = memoryOf(pid);
    // What the figure is made of: as the run left it, after SETTLE idle seconds (the server collects once it has
    // been quiet 5 s: decision 047), and after full collections asked for here (what is live). Each in MiB.
    const afterRun = await probeMemory(server);
    await new Promise((resolve) => setTimeout(resolve, SETTLE * 1000));
    const settled = await probeMemory(server);
    const rssMiB = memoryOf(pid).rss;
    console.log(
      `\nServer process memory (rss): ${atStart.rss.toFixed(0)} MiB when ready, ${rssAtEnd.toFixed(0)} MiB as the run ended,` +
        ` ${rssMiB.toFixed(0)} MiB after it, ${SETTLE} s quiet (target < 300), ${peak.toFixed(0)} MiB at its peak`,
    );
    const memory: Record<string, MemoryProbe> = { afterRun, settled, collected: await probeMemory(server, true) };
    console.log(`  after the run:          ${describeMemory(afterRun)}`);
    console.log(`  after ${String(SETTLE).padStart(3)} s idle:       ${describeMemory(settled)}`);
    console.log(`  after a full collection: ${describeMemory(memory.collected!)}`);

    // Each volume's figures are kept, so the large run is compared with the default one (target: within 20%).
    mkdirSync(resultsDir, { recursive: true });
    const mine = path.join(resultsDir, `bench-${seeded.posts}${before ? '-against-before' : ''}.json`);
    writeFileSync(
      mine,
      JSON.stringify({ at: new Date().toISOString(), posts: seeded.posts, load, rssMiB, memory, results }, null, 2),
    );
    const otherFile = path.join(resultsDir, `bench-${LARGE ? VOLUMES.default.posts : VOLUMES.large.posts}.json`);
    // Only the two named volumes are compared (not a BENCH_POSTS of one's own), and not with a before-and-after run.
    if (seeded.posts === volume.posts && !before && existsSync(otherFile)) {
      const other = JSON.parse(readFileSync(otherFile, 'utf8')) as {
        at: string;
        posts: number;
        load?: string;
        results: typeof results;
      };
      const [small, large] = LARGE ? [other.results, results] : [results, other.results];
      // The two runs are minutes apart, and other work on a shared machine moves every rate between them: the
      // bare server's change shows by how much. The ratio to the bare server and the CPU time per answer are
      // the steadier figures; each verdict is printed, none hidden.
      console.log(
        `\nThe large volume against the default one (the other run: ${other.at}, ${other.load ?? 'load not recorded'}):`,
      );
      const percent = (change: number) => `${change >= 0 ? '+' : ''}${(change * 100).toFixed(0)}%`.padStart(5);
      const within = (change: number) => (Math.abs(change) <= 0.2 ? 'within 20%' : 'MORE THAN 20%').padEnd(13);
      for (const name of Object.keys(results)) {
        if (!small[name] || !large[name]) continue;
        const change = large[name].reqs / small[name].reqs - 1;
        const bare = large[name].bare.reqs / small[name].bare.reqs - 1;
        const ratio = large[name].ratio / small[name].ratio - 1;
        // More CPU per answer is slower: the rate it allows changes by the inverse.
        const cpu = small[name].cpuUs && large[name].cpuUs ? small[name].cpuUs / large[name].cpuUs - 1 : NaN;
        console.log(
          `  ${name.padEnd(28)} req/s ${percent(change)} ${within(change)} (bare ${percent(bare)})` +
            `  ratio ${small[name].ratio.toFixed(2)} -> ${large[name].ratio.toFixed(2)} ${percent(ratio)} ${within(ratio)}` +
            (Number.isNaN(cpu)
              ? ''
              : `  CPU/req ${small[name].cpuUs.toFixed(0)} -> ${large[name].cpuUs.toFixed(0)} µs, rate it allows ${percent(cpu)} ${within(cpu)}`),
        );
      }
    }
    // A profile is written as its process exits.
    await stopNode(server);
    profile.print();
  } finally {
    if (server) await stopNode(server);
    await embedded?.stop();
    removeDataDir(dataDir);
  }
}

interface MissTarget {
  name: string;
  paths: string[];
  /** Served by the server started without the search cache (every search asks the database). */
  uncachedSearch?: boolean;
  goal: { ratio?: number; rate?: number; p99?: number; note?: string };
}

// The mixed load's writers: five members, each replying to a hot post and liking (or unliking) one, in turn, as fast
// as they are answered, until the time is up. Prints their answers' count, failures and latencies.
const WRITERS = `
  const http = require('node:http');
  const { base, cookies, posts, seconds, origin } = JSON.parse(process.argv[1]);
  const agent = new http.Agent({ keepAlive: true });
  const send = (path, body, cookie) => new Promise((resolve) => {
    const t0 = performance.now();
    const req = http.request(base + path, { method: 'POST', agent, headers: { cookie, origin, 'content-type': 'application/json' } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ ok: res.statusCode < 300, status: res.statusCode, ms: performance.now() - t0 }));
    });
    req.on('error', () => resolve({ ok: false, status: 'error', ms: performance.now() - t0 }));
    req.end(body);
  });
  const end = Date.now() + seconds * 1000;
  const latencies = []; const failed = {}; let n = 0;
  Promise.all(cookies.map(async (cookie, w) => {
    for (let i = w; Date.now() < end; i += cookies.length) {
      const post = posts[i % posts.length];
      const reply = await send('/api/posts/' + post + '/replies', JSON.stringify({ content: 'A mixed load reply, number ' + (++n) + '.' }), cookie);
      const like = await send('/api/posts/' + posts[(i * 7 + 3) % posts.length] + '/like', '{}', cookie);
      for (const r of [reply, like]) { latencies.push(r.ms); if (!r.ok) failed[r.status] = (failed[r.status] ?? 0) + 1; }
    }
  })).then(() => { agent.destroy(); process.stdout.write(JSON.stringify({ latencies, failed })); });
`;

/** A run's rate, latencies and CPU an answer (the server's, PostgreSQL's), as the miss table shows them. */
const figures = (m: Measured) => [
  m.reqs.toFixed(0),
  String(m.p50),
  String(m.p99),
  m.cpuUs.toFixed(0),
  m.pgUs.toFixed(0),
];

/**
 * The miss variants (each rotating through its addresses, alternating with a bare server serving one of its answers)
 * and the mixed load; the rows of their table.
 */
async function missesAndMixed(
  paths: MissPaths,
  ctx: {
    pid: number;
    base: string;
    dataDir: string;
    databaseUrl: string;
    startServer(
      file: string,
      args?: string[],
      env?: Record<string, string>,
    ): Promise<{ child: ChildProcess; pid: number; base: string }>;
  },
): Promise<string[][]> {
  const rows: string[][] = [];
  const verdict = (m: Measured, goal: MissTarget['goal'], ratio: number | null) => {
    if (goal.note && goal.ratio === undefined && goal.rate === undefined && goal.p99 === undefined) return goal.note;
    const met =
      (goal.ratio === undefined || (ratio !== null && ratio >= goal.ratio)) &&
      (goal.rate === undefined || m.reqs >= goal.rate) &&
      (goal.p99 === undefined || m.p99 <= goal.p99);
    const wanted = [
      goal.ratio !== undefined ? `≥${goal.ratio} of bare` : '',
      goal.rate !== undefined ? `≥${goal.rate} req/s` : '',
      goal.p99 !== undefined ? `p99≤${goal.p99}` : '',
    ].filter(Boolean);
    return `${met ? 'met' : 'MISSED'} (${wanted.join(', ')})${goal.note ? `; ${goal.note}` : ''}`;
  };

  if (VARIANTS.has('misses')) {
    const targets: MissTarget[] = [
      {
        name: 'post HTML',
        paths: paths.posts.map((id) => `/post/${id}`),
        goal: { rate: 1_000, p99: 100 },
      },
      {
        name: 'post API reads',
        paths: paths.posts.flatMap((id) => [
          `/api/posts/${id}`,
          `/api/posts/${id}/replies`,
          `/api/posts/${id}/similar`,
        ]),
        goal: { ratio: 0.25 },
      },
      { name: 'list pages (sorts, filters, topics)', paths: paths.lists, goal: { ratio: 0.25 } },
      { name: 'member pages', paths: paths.members, goal: { ratio: 0.25 } },
      // A tag page is the shell with its head (the server draws no list for it) and the list the browser then reads.
      {
        name: 'tag pages HTML',
        paths: paths.tags.map((tag) => `/tags/${encodeURIComponent(tag)}`),
        goal: { ratio: 0.25 },
      },
      {
        name: 'tag page lists',
        paths: paths.tags.map((tag) => `/api/posts?${new URLSearchParams({ ...TAG_LIST, tag })}`),
        goal: { ratio: 0.25 },
      },
      // A part page is drawn on the server with its read (decision 034), which the browser also reads on its own.
      {
        name: 'part pages HTML',
        paths: paths.parts.map((key) => `/parts/${encodeURIComponent(key)}`),
        goal: { ratio: 0.25 },
      },
      {
        name: 'part page reads',
        paths: paths.parts.map((key) => `/api/parts/${encodeURIComponent(key)}`),
        goal: { ratio: 0.25 },
      },
      {
        name: 'search, common words',
        paths: paths.searches.common,
        uncachedSearch: true,
        goal: { rate: 500, note: 'NodeBB 15-20' },
      },
      {
        name: 'search, typos',
        paths: paths.searches.typos,
        uncachedSearch: true,
        goal: { note: 'NodeBB 152-172' },
      },
    ].filter((t) => !process.env.BENCH_ONLY || t.name.includes(process.env.BENCH_ONLY));
    // Searches from a server that asks the database every time (SEARCH_CACHE=false): a miss every time, however
    // often the words come round.
    const uncached = targets.some((t) => t.uncachedSearch)
      ? await ctx.startServer(path.join(root, 'apps/server/dist/main.js'), [], { SEARCH_CACHE: 'false' })
      : null;
    // The bare server answers each with one of its addresses' answers (the last: the rotation reaches it last).
    const samples: Target[] = targets.map((t) => ({ name: t.name, path: t.paths.at(-1)! }));
    const bare = await bareTwin(ctx.base, samples, ctx.dataDir);
    try {
      for (const [i, target] of targets.entries()) {
        const server = target.uncachedSearch ? uncached! : { pid: ctx.pid, base: ctx.base };
        let next = 0;
        const app = async (seconds: number) => {
          const m = await measure(server.pid, server.base, { paths: target.paths, start: next }, seconds);
          next += m.total;
          return m;
        };
        const twin = (seconds: number) => measure(bare.pid, `${bare.base}/bare/${i}`, {}, seconds);
        await app(1);
        await twin(1);
        const rounds: Array<[Measured, Measured]> = [];
        for (let round = 0; round < ROUNDS; round++) rounds.push([await app(SLICE), await twin(SLICE)]);
        const measured = combine(rounds.map((r) => r[0]));
        const twinMeasured = combine(rounds.map((r) => r[1]));
        const ratio = median(rounds.map(([a, b]) => a.reqs / b.reqs));
        // Asked more often than there are addresses: the share that came round again (a hit if still kept).
        const repeats = Math.max(0, next - target.paths.length) / Math.max(1, next);
        rows.push([
          `${target.name}, miss`,
          target.paths.length.toLocaleString('en-US'),
          ...figures(measured),
          twinMeasured.reqs.toFixed(0),
          twinMeasured.cpuUs.toFixed(0),
          ratio.toFixed(2),
          `${(repeats * 100).toFixed(0)}%`,
          verdict(measured, target.goal, ratio),
          measured.status,
        ]);
      }
    } finally {
      await bare.close();
      if (uncached) await stopNode(uncached.child);
    }
  }

  if (VARIANTS.has('mixed')) {
    // 80% of reads go to 20 hot posts (the ones the writers reply to and like), 20% to the long tail, never the same.
    const hot = paths.open.slice(0, 20);
    const hotSet = new Set(hot);
    const tail = paths.posts.filter((id) => !hotSet.has(id));
    const reads: string[] = [];
    let seed = 7;
    for (let i = 0, t = 0; i < 20_000; i++) {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      reads.push(seed % 100 < 80 ? `/post/${hot[seed % hot.length]}` : `/post/${tail[t++ % tail.length]}`);
    }
    const writers = spawn(
      process.execPath,
      [
        '-e',
        WRITERS,
        JSON.stringify({
          base: ctx.base,
          cookies: paths.writers,
          posts: hot,
          seconds: MIXED_SECONDS,
          origin: PUBLIC_URL,
        }),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, NODE_OPTIONS: '' } },
    );
    let written = '';
    writers.stdout.on('data', (d) => (written += d));
    const wrote = new Promise((resolve) => writers.once('exit', resolve));
    const measured = await measure(ctx.pid, ctx.base, { paths: reads }, MIXED_SECONDS);
    await wrote;
    const w = JSON.parse(written) as { latencies: number[]; failed: Record<string, number> };
    const failures = Object.entries(w.failed).map(([status, n]) => `${n} answered ${status}`);
    const sorted = w.latencies.sort((a, b) => a - b);
    const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
    // CPU per answer counts the writes too (their work is part of what the reads cost here).
    const share = measured.total / Math.max(1, measured.total + w.latencies.length);
    rows.push([
      'mixed: post pages 80% hot / 20% tail',
      `${hot.length} + ${tail.length.toLocaleString('en-US')}`,
      measured.reqs.toFixed(0),
      String(measured.p50),
      String(measured.p99),
      (measured.cpuUs * share).toFixed(0),
      (measured.pgUs * share).toFixed(0),
      '',
      '',
      '',
      '',
      verdict(measured, { rate: 20 * NODEBB_POST_PAGE, p99: 100 }, null),
      measured.status,
    ]);
    rows.push([
      '  while 5 members reply and like',
      '',
      (w.latencies.length / MIXED_SECONDS).toFixed(0),
      at(50).toFixed(0),
      at(99).toFixed(0),
      '',
      '',
      '',
      '',
      '',
      '',
      `20× NodeBB's ${NODEBB_POST_PAGE}/s above`,
      failures.length ? failures.join(', ') : 'ok',
    ]);
  }

  // What drawing ahead spares a visitor: a post page read with nothing kept for it, drawn there and then (by a
  // server that draws nothing ahead, once the store is emptied; last, as the other variants read the kept pages).
  if (VARIANTS.has('misses') && (!process.env.BENCH_ONLY || 'post HTML'.includes(process.env.BENCH_ONLY))) {
    await emptyPageStore(ctx.databaseUrl);
    const undrawn = await ctx.startServer(path.join(root, 'apps/server/dist/main.js'), [], {
      DRAW_PAGES_AHEAD: 'false',
    });
    try {
      const pages = paths.posts.map((id) => `/post/${id}`);
      // Warmed first (a fresh process's first drawings are several times slower), on other pages than those measured.
      const warm = await measure(undrawn.pid, undrawn.base, { paths: pages }, 3);
      const m = await measure(undrawn.pid, undrawn.base, { paths: pages, start: warm.total + CONNECTIONS });
      const unmeasured = ['', '', '', ''];
      rows.push([
        'post HTML, nothing kept (drawn at the read)',
        paths.posts.length.toLocaleString('en-US'),
        ...figures(m),
        ...unmeasured,
        'what drawing ahead spares',
        m.status,
      ]);
    } finally {
      await stopNode(undrawn.child);
    }
  }
  return rows;
}

function printMisses(rows: string[][]) {
  const header = [
    'miss variant',
    'addresses',
    'req/s',
    'p50 ms',
    'p99 ms',
    'CPU µs/req',
    'PG µs/req',
    'bare req/s',
    'bare CPU µs',
    'ratio',
    'repeats',
    'target',
    'status',
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  console.log(
    `\nMisses (each request the next of its addresses, ${ROUNDS} rounds of ${SLICE} s alternating with the bare server` +
      ` serving one of the answers; 'repeats': requests past the list's end) and the mixed load (${MIXED_SECONDS} s):\n`,
  );
  console.log(line(header));
  for (const r of rows) console.log(line(r));
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
