// npm run bench:uploads: the home list's latency and the server's memory while members upload large photos.
// The server runs as `npm start` runs it (the compiled server in a process of its own, demo content; the
// embedded PostgreSQL is a process apart and not counted); this process only builds it and makes the load.
import autocannon from 'autocannon';
import sharp from 'sharp';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServerIfNeeded } from '../scripts/build-server.mjs';
import { SERVER_NODE_ARGS, serverEnv } from '../scripts/server-process.mjs';
import { freePort, memoryOf } from './process.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const UPLOADERS = Number(process.env.BENCH_UPLOADERS ?? 8);
const READERS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const root = fileURLToPath(new URL('..', import.meta.url));

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fenestra-bench-uploads-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  await buildServerIfNeeded();
  // As scripts/start.mjs runs it (scripts/server-process.mjs).
  const server = spawn(process.execPath, [...SERVER_NODE_ARGS, path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...serverEnv(),
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_UPLOADS: '100000',
      RATE_LIMIT_AUTH: '100000',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.stdout!.on('data', (d: Buffer) => {
        if (String(d).includes('Fenestra is ready')) resolve();
      });
      server.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    });
    const signUp = await fetch(`${base}/api/account/sign-up`, {
      method: 'POST',
      headers: { origin: base, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench-uploader@example.com', password: 'Bench-password1' }),
    });
    const cookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');

    // Just under the pixel cap, and small on the wire: the heaviest photo a member can send.
    const photo = await sharp({ create: { width: 5000, height: 4990, channels: 3, background: '#6d8fa8' } })
      .jpeg({ quality: 90 })
      .toBuffer();
    console.log(
      `Photo: 5000 x 4990 px, ${(photo.length / 1024).toFixed(0)} KiB; ${UPLOADERS} uploaders of 3 photos each, ${READERS} readers, ${SECONDS} s`,
    );

    const reading = (seconds: number) =>
      autocannon({ url: `${base}/api/posts`, connections: READERS, duration: seconds, workers: 1 });
    const quiet = await reading(5);
    const before = memoryOf(server.pid!);

    let stop = false;
    const outcomes = new Map<number, number>();
    let peak = 0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, memoryOf(server.pid!).rss);
    }, 100);
    const uploader = async () => {
      while (!stop) {
        const form = new FormData();
        for (let i = 0; i < 3; i++) form.append('files', new Blob([new Uint8Array(photo)]), `photo-${i}.jpg`);
        const res = await fetch(`${base}/api/uploads/images`, {
          method: 'POST',
          headers: { origin: base, cookie },
          body: form,
        });
        await res.arrayBuffer();
        outcomes.set(res.status, (outcomes.get(res.status) ?? 0) + 1);
      }
    };
    const uploads = Array.from({ length: UPLOADERS }, uploader);
    const loaded = await reading(SECONDS);
    stop = true;
    await Promise.all(uploads);
    clearInterval(sampler);
    const memory = memoryOf(server.pid!);

    const row = (name: string, r: autocannon.Result) =>
      `${name.padEnd(28)} ${r.requests.average.toFixed(0).padStart(6)} req/s  p50 ${String(r.latency.p50).padStart(4)} ms  p99 ${String(r.latency.p99).padStart(5)} ms  max ${String(r.latency.max).padStart(5)} ms  ${r.non2xx} non-2xx`;
    console.log(`\nGET /api/posts, Node ${process.version}`);
    console.log(row('alone', quiet));
    console.log(row(`with ${UPLOADERS} uploaders`, loaded));
    console.log(`Uploads answered: ${[...outcomes].map(([status, n]) => `${n} x ${status}`).join(', ')}`);
    console.log(
      `Server memory: rss ${before.rss.toFixed(0)} MiB before the uploads, peak rss while loaded ${peak.toFixed(0)} MiB (process high-water mark ${memory.peak.toFixed(0)} MiB)`,
    );
  } finally {
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
