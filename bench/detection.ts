// npm run bench:detection: how long a member waits from asking a question with one photo to its detection, on
// this machine with nothing else detecting (issue 24's target: p95 under 20 s). The real app with the local
// provider and its job worker, in this process; each question is asked once the one before it has its answer, and
// the time runs from sending the question to its photo's detection being saved (the worker's polling included).
// The first question also pays for loading the models, so it is reported on its own. BENCH_PHOTOS (12).
import { loadavg } from 'node:os';
import { startBenchApp, listen } from './bench-app.js';
import { FONTS, hardLabelImage } from '../apps/server/test/ai/images.js';

const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 12);
const POLL_MS = 100;
// The app's PUBLIC_URL in bench-app.ts: writes must come from it.
const ORIGIN = 'http://127.0.0.1:3999';

const LABELS = [
  ['TRUTH HARDWARE', 'PART No. 23.10.00', 'CASEMENT OPERATOR'],
  ['AMESBURY', 'P/N 5588-3492', 'SASH LOCK', 'TEL 1-800-555-0199'],
  ['SIEGENIA', 'Art.-Nr. 4711 123', 'ESPAGNOLETTE'],
  ['PRIME-LINE', 'ITEM # TH41630', 'PATIO DOOR ROLLER', 'MAX 40 KG'],
];
const SURFACES = ['printed', 'stamped', 'embossed', 'wood', 'faint'] as const;

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] ?? 0;
};

async function main() {
  console.log(
    `load average before: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const bench = await startBenchApp({
    AI_PROVIDER: 'local',
    RUN_WORKER: 'true',
    RATE_LIMIT_POSTS: '10000',
    RATE_LIMIT_UPLOADS: '10000',
    RATE_LIMIT_AUTH: '10000',
  });
  try {
    const base = await listen(bench.app);
    const signUp = await fetch(`${base}/api/account/sign-up`, {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench-asker@example.com', password: 'Bench-password1' }),
    });
    const cookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    if (!cookie) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
    const headers = { origin: ORIGIN, cookie };

    const seconds: number[] = [];
    for (let i = 0; i <= PHOTOS; i++) {
      const photo = await hardLabelImage(
        {
          lines: LABELS[i % LABELS.length]!,
          surface: SURFACES[i % SURFACES.length],
          font: FONTS[i % FONTS.length],
          angle: ((i * 7) % 41) - 20,
          quality: i % 2 ? 40 : 80,
          width: 560 + (i % 4) * 100,
        },
        i + 1,
      );
      const form = new FormData();
      form.append('files', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'label.jpg');
      const up = await fetch(`${base}/api/uploads/images`, { method: 'POST', headers, body: form });
      if (up.status !== 200) throw new Error(`upload: ${up.status} ${await up.text()}`);
      const uploadId = ((await up.json()) as { files: { id: string }[] }).files[0]!.id;

      const started = performance.now();
      const asked = await fetch(`${base}/api/posts`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          topic: 'windows',
          title: `What part is this, number ${i + 1}?`,
          description: 'Found on an old window; the label is hard to read. Where can I get another one?',
          tags: [],
          imageUploadIds: [uploadId],
          videoUploadId: null,
        }),
      });
      if (asked.status >= 300) throw new Error(`ask: ${asked.status} ${await asked.text()}`);
      const postId = ((await asked.json()) as { id: string }).id;
      for (;;) {
        const detail = await fetch(`${base}/api/posts/${postId}`, { headers });
        const status = ((await detail.json()) as { images: { detection: { status: string } }[] }).images[0]!.detection
          .status;
        if (status !== 'queued') break;
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      const took = (performance.now() - started) / 1000;
      if (i === 0) console.log(`first question (loads the models): ${took.toFixed(2)} s`);
      else seconds.push(took);
    }
    console.log(
      `${seconds.length} questions, one photo each, one at a time: asking to a result p50 ${quantile(seconds, 0.5).toFixed(2)} s, p95 ${quantile(seconds, 0.95).toFixed(2)} s, max ${Math.max(...seconds).toFixed(2)} s`,
    );
    console.log(
      `load average after: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await bench.close();
  }
}

await main();
