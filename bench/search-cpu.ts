// npm run bench:search-cpu: CPU per search, 1 client, on BENCH_DATABASE_URL (seeded by `npm run bench:search`): each
// query of the chosen rows (BENCH_ONLY) asked BENCH_ROUNDS times in turn over HTTP by a client in a process of its own,
// with the Accept-Encoding a browser sends (BENCH_ENCODING). Node: this process's CPU (the app); PostgreSQL: its
// backends' CPU from /proc. A figure that holds on a shared machine, where the wall clock does not. BENCH_EACH=1: a
// line per query.
import { spawn } from 'node:child_process';
import { listen, startBenchApp } from './bench-app.js';
import { cpuOf } from './process.js';
import { QUERIES } from './search-volume.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const ENCODING = process.env.BENCH_ENCODING ?? 'gzip, deflate, br, zstd';

// The client: every path once per round, one at a time; prints the bytes it received.
const CLIENT = `
const [base, encoding, rounds, ...paths] = process.argv.slice(1);
(async () => {
  let bytes = 0;
  for (let r = 0; r < Number(rounds); r++) for (const p of paths) {
    const res = await fetch(base + p, { headers: { 'accept-encoding': encoding } });
    bytes += (await res.arrayBuffer()).byteLength;
  }
  console.log(bytes);
})();`;

function client(base: string, paths: string[], rounds: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', CLIENT, base, ENCODING, String(rounds), ...paths], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.on('exit', (code) => (code === 0 ? resolve(Number(out.trim())) : reject(new Error(`client exited ${code}`))));
  });
}

async function main() {
  // What each search costs the database and the server: the answer cache (decision 022) is off.
  const bench = await startBenchApp({ RUN_WORKER: 'false', SEARCH_CACHE: 'false' });
  try {
    const pool = bench.app.services.database.pool;
    const backends = async () =>
      (
        await pool.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database()')
      ).rows.map((r) => r.pid);
    const pgCpu = (pids: number[]) =>
      pids.reduce((sum, pid) => {
        try {
          return sum + cpuOf(pid);
        } catch {
          return sum;
        }
      }, 0);
    const base = await listen(bench.app);
    const only = process.env.BENCH_ONLY?.split(',').filter(Boolean);
    console.log(
      `${ROUNDS} rounds, Accept-Encoding '${ENCODING}'; ms of CPU per search (Node, PostgreSQL), bytes per answer`,
    );
    const rows = Object.entries(QUERIES)
      .filter(([k]) => !only || only.some((o) => k.includes(o)))
      .flatMap(([kind, queries]): [string, string[]][] =>
        process.env.BENCH_EACH ? queries.map((q) => [q, [q]]) : [[kind, queries]],
      );
    for (const [kind, queries] of rows) {
      const paths = queries.map((q) => `/api/search?q=${encodeURIComponent(q)}`);
      await client(base, paths, 3);
      const pids = await backends();
      const pg0 = pgCpu(pids);
      const node0 = process.cpuUsage();
      const bytes = await client(base, paths, ROUNDS);
      const node = process.cpuUsage(node0);
      const pg = pgCpu([...new Set([...pids, ...(await backends())])]) - pg0;
      const n = ROUNDS * paths.length;
      console.log(
        `${kind.padEnd(18)} Node ${((node.user + node.system) / 1000 / n).toFixed(2)}  PostgreSQL ${(pg / n).toFixed(2)}  bytes ${(bytes / n).toFixed(0)}  load ${(await import('node:os')).loadavg()[0]!.toFixed(2)}`,
      );
    }
  } finally {
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
