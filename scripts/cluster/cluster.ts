// A whole fleet on loopback (decision 014): one PostgreSQL, an S3 server, two API instances that only
// serve, one job worker and a load balancer in front, started and stopped together.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import S3rver from 's3rver';
import { startEmbedded, type EmbeddedCluster } from '../../apps/server/src/db/embedded.js';
import { startBalancer } from './balancer.js';
import { buildWebIfNeeded } from '../build-web-if-needed.mjs';
import { buildServerIfNeeded } from '../build-server.mjs';
import { SERVER_NODE_ARGS } from '../server-process.mjs';

export const root = fileURLToPath(new URL('../..', import.meta.url));
const BUCKET = 'fenestra';

export interface ClusterOptions {
  /** Everything the cluster keeps: the database, the bucket's files, each process's data folder and logs. */
  dir: string;
  /** The balancer's port: the forum's address is http://localhost:{port}. */
  port: number;
  /** A PostgreSQL server to use instead of an embedded one: a fresh database is made on it. */
  serverUrl?: string;
  /** More settings for every process (the proof raises the rate limits). */
  env?: Record<string, string>;
  seed?: 'demo' | 'none';
  /** 'console': every line, prefixed with its process; 'files': {dir}/logs/{name}.log. */
  output: 'console' | 'files';
  log: (line: string) => void;
}

export interface Member {
  name: string;
  url: string;
  child: ChildProcess;
}

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/** What a process of the fleet runs: the compiled server, as `npm start` and `npm run worker` do. */
const entry = (name: 'main' | 'worker') => [...SERVER_NODE_ARGS, path.join(root, 'apps/server/dist', `${name}.js`)];

/** One AUTH_SECRET for every process (sessions signed by one instance are read by the other), kept in the cluster's folder. */
function sharedSecret(dir: string): string {
  if (process.env.AUTH_SECRET) return process.env.AUTH_SECRET;
  const file = path.join(dir, 'auth-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

export async function startCluster(opts: ClusterOptions) {
  mkdirSync(path.join(opts.dir, 'logs'), { recursive: true });
  // As npm start does: the web app the instances serve, and the compiled server, rebuilt when stale.
  buildWebIfNeeded();
  await buildServerIfNeeded();
  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.splice(0).reverse())
      await stop().catch((err: unknown) => opts.log(`stop failed: ${String(err)}`));
  };
  try {
    // PostgreSQL: the embedded server in the cluster's folder, or a fresh database on the given server.
    let databaseUrl: string;
    if (opts.serverUrl) {
      const name = `fenestra_cluster_${Date.now()}`;
      const admin = new pg.Client({ connectionString: opts.serverUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const u = new URL(opts.serverUrl);
      u.pathname = `/${name}`;
      databaseUrl = u.toString();
      opts.log(`PostgreSQL: database ${name} on ${u.host}`);
    } else {
      const embedded: EmbeddedCluster = await startEmbedded(
        path.join(opts.dir, 'pg'),
        { info: opts.log, warn: opts.log },
        { join: false },
      );
      stops.push(() => embedded.stop());
      databaseUrl = embedded.url;
      opts.log(`PostgreSQL: embedded, ${new URL(databaseUrl).host}`);
    }

    // The bucket: s3rver on loopback, files in the cluster's folder.
    const s3Port = await freePort();
    const s3 = new S3rver({
      address: '127.0.0.1',
      port: s3Port,
      silent: true,
      directory: path.join(opts.dir, 's3'),
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    await s3.run();
    stops.push(() => s3.close());
    opts.log(`S3: s3rver at http://127.0.0.1:${s3Port}, bucket ${BUCKET}`);

    const publicUrl = `http://localhost:${opts.port}`;
    const common: Record<string, string> = {
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: publicUrl,
      AUTH_SECRET: sharedSecret(opts.dir),
      // Client addresses (rate limits) come from the balancer's X-Forwarded-For.
      TRUST_PROXY: 'loopback',
      STORAGE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_REGION: 'us-east-1',
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      ...opts.env,
    };

    const members = new Map<string, Member>();
    const launch = async (
      name: string,
      kind: 'main' | 'worker',
      env: Record<string, string>,
      ready: string,
    ): Promise<Member> => {
      const dataDir = path.join(opts.dir, name);
      mkdirSync(dataDir, { recursive: true });
      // As npm start runs them (decision 015): its flags, two malloc arenas, and an IPC channel, so a process of the fleet
      // stops when the cluster that started it is gone, however it went.
      const child = spawn(process.execPath, entry(kind), {
        cwd: root,
        env: { MALLOC_ARENA_MAX: '2', ...process.env, ...common, DATA_DIR: dataDir, ...env },
        stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      });
      const sink =
        opts.output === 'files' ? createWriteStream(path.join(opts.dir, 'logs', `${name}.log`), { flags: 'a' }) : null;
      let pending = '';
      const onData = (d: Buffer) => {
        if (sink) sink.write(d);
        pending += d.toString();
        const lines = pending.split('\n');
        pending = lines.pop()!;
        if (!sink) for (const line of lines) console.log(`[${name}] ${line}`);
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      const url = env.PORT ? `http://127.0.0.1:${env.PORT}` : '';
      await new Promise<void>((resolve, reject) => {
        let seen = '';
        const watch = (d: Buffer) => {
          seen += d.toString();
          if (seen.includes(ready)) {
            child.stdout!.off('data', watch);
            resolve();
          }
        };
        child.stdout!.on('data', watch);
        child.once('exit', (code) =>
          reject(
            new Error(
              `${name} exited with ${code} before it was ready; see ${opts.output === 'files' ? path.join(opts.dir, 'logs', `${name}.log`) : 'above'}`,
            ),
          ),
        );
      });
      const member = { name, url, child };
      members.set(name, member);
      stops.push(async () => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const gone = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const force = setTimeout(() => child.kill('SIGKILL'), 20_000);
        await gone;
        clearTimeout(force);
        sink?.end();
      });
      opts.log(`${name}: ${url || 'running'} (pid ${child.pid})`);
      return member;
    };

    // The first instance migrates (and seeds) alone; then the second and the worker join the same database.
    const [port1, port2] = [await freePort(), await freePort()];
    await launch(
      'api-1',
      'main',
      { PORT: String(port1), RUN_WORKER: 'false', SEED: opts.seed ?? 'demo' },
      'Fenestra is ready',
    );
    await Promise.all([
      launch('api-2', 'main', { PORT: String(port2), RUN_WORKER: 'false', SEED: 'none' }, 'Fenestra is ready'),
      launch('worker', 'worker', { LOG_LEVEL: 'info' }, 'Fenestra worker is running'),
    ]);

    const balancer = await startBalancer({
      port: opts.port,
      upstreams: ['api-1', 'api-2'].map((name) => ({ name, url: members.get(name)!.url })),
      log: opts.log,
    });
    stops.push(() => balancer.close());
    opts.log(`Balancer: ${publicUrl} -> api-1, api-2`);

    return {
      publicUrl,
      balancerUrl: balancer.url,
      databaseUrl,
      env: common,
      balancer,
      member: (name: string) => members.get(name)!,
      stop: stopAll,
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}

export type Cluster = Awaited<ReturnType<typeof startCluster>>;
