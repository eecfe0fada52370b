// npm run bench:realtime: a reply's trip from POST to another open stream (100 replies), then how many idle
// streams one instance holds and its memory at 1,000 and 10,000. The server runs in its own process
// (its memory is the figure); PostgreSQL is its embedded server, or BENCH_DATABASE_URL.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const LATENCY_SAMPLES = Number(process.env.BENCH_REPLIES ?? 100);
const STREAM_COUNTS = (process.env.BENCH_STREAMS ?? '1000,10000').split(',').map(Number);
const ORIGIN = 'http://127.0.0.1:3998';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

const rssMiB = (pid: number) => {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]);
  return kb / 1024;
};

/** An SSE stream over a raw socket (cheap enough to open ten thousand from one process). */
function openStream(
  port: number,
  query = '',
): Promise<{ socket: net.Socket; streamId: string; onEvent(type: string, fn: (data: string) => void): void }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const listeners = new Map<string, (data: string) => void>();
    let buffer = '';
    let ready = false;
    socket.setEncoding('utf8');
    socket.on('error', reject);
    socket.on('connect', () =>
      socket.write(`GET /api/events${query} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n`),
    );
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const type = /event: (.+)/.exec(block)?.[1];
        const data = /data: (.+)/.exec(block)?.[1];
        if (!type || !data) continue;
        if (type === 'stream.ready' && !ready) {
          ready = true;
          resolve({ socket, streamId: JSON.parse(data).streamId, onEvent: (t, fn) => listeners.set(t, fn) });
        }
        listeners.get(type)?.(data);
      }
    });
  });
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fenestra-bench-rt-'));
  const port = await freePort();
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: ORIGIN,
      SEED: 'none',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_AUTH: '1000000',
      RATE_LIMIT_REPLIES: '1000000',
      RATE_LIMIT_POSTS: '1000000',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const sockets: net.Socket[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      let out = '';
      server.stdout!.on('data', (d) => {
        out += d;
        if (out.includes('Fenestra is ready')) resolve();
      });
      server.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    });
    const base = `http://127.0.0.1:${port}`;
    const send = (url: string, body: object, cookie?: string) =>
      fetch(base + url, {
        method: 'POST',
        headers: { origin: ORIGIN, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        body: JSON.stringify(body),
      });

    // A member asks; an admin (made with npm run user:create against the same cluster) approves through the API.
    const signIn = async (path_: string, email: string) => {
      const res = await send(path_, { email, password: 'Bench-Mark42' });
      if (!res.ok) throw new Error(`${path_} answered ${res.status}`);
      return res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
    };
    const cookie = await signIn('/api/account/sign-up', `bench-${Date.now()}@example.com`);
    const adminEmail = `bench-admin-${Date.now()}@example.com`;
    execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(root, 'apps/server/src/cli/user-create.ts'),
        '--email',
        adminEmail,
        '--role',
        'admin',
      ],
      {
        cwd: root,
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
          USER_PASSWORD: 'Bench-Mark42',
        },
        stdio: 'ignore',
      },
    );
    const admin = await signIn('/api/account/sign-in', adminEmail);
    const asked = await send(
      '/api/posts',
      {
        topic: 'windows',
        title: 'Bench: which balance fits this sash?',
        description: 'A long enough description for the ask form rules to accept it here.',
        tags: [],
      },
      cookie,
    );
    const postId = ((await asked.json()) as { id: string }).id;
    if (!(await send(`/api/admin/posts/${postId}/approve`, {}, admin)).ok) throw new Error('approve failed');

    // Latency: POST a reply, time until its reply.created arrives on a visitor's stream watching the post.
    const watcher = await openStream(port, `?posts=${postId}`);
    sockets.push(watcher.socket);
    const samples: number[] = [];
    for (let i = 0; i < LATENCY_SAMPLES; i++) {
      const arrived = new Promise<number>((resolve) =>
        watcher.onEvent('reply.created', () => resolve(performance.now())),
      );
      const sent = performance.now();
      const res = await send(
        `/api/posts/${postId}/replies`,
        { content: `Bench reply number ${i}, long enough.` },
        cookie,
      );
      if (res.status !== 201) throw new Error(`reply answered ${res.status}`);
      samples.push((await arrived) - sent);
    }
    samples.sort((x, y) => x - y);
    const pct = (p: number) => samples[Math.min(samples.length - 1, Math.ceil((p / 100) * samples.length) - 1)]!;
    console.log(`\nReply POST -> reply.created on another stream, ${samples.length} replies:`);
    console.log(
      `  median ${pct(50).toFixed(1)} ms, p99 ${pct(99).toFixed(1)} ms, worst ${samples[samples.length - 1]!.toFixed(1)} ms`,
    );

    // Idle streams: open them in batches, then read the server's resident memory.
    console.log(
      `\nIdle streams on one instance (server RSS; before any stream: ${rssMiB(server.pid!).toFixed(0)} MiB):`,
    );
    for (const target of STREAM_COUNTS) {
      const started = performance.now();
      while (sockets.length < target) {
        const batch = Math.min(200, target - sockets.length);
        const opened = await Promise.all(Array.from({ length: batch }, () => openStream(port)));
        sockets.push(...opened.map((o) => o.socket));
      }
      const health = await fetch(`${base}/api/health`);
      console.log(
        `  ${target.toLocaleString('en')} streams: server RSS ${rssMiB(server.pid!).toFixed(0)} MiB, opened in ${((performance.now() - started) / 1000).toFixed(1)} s, health ${health.status}`,
      );
    }
  } finally {
    for (const s of sockets) s.destroy();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
