// Makes the demo content's short video guides (needs ffmpeg; run once, the clips are committed):
//   npx tsx scripts/make-seed-videos.ts
// Each guide is three captioned steps over a drawing of the part, 2 seconds each: still slides keep it small.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { renderPicture, type PictureSpec } from '../apps/server/src/ops/seed/images.js';
import { SEED_VIDEOS } from '../apps/server/src/ops/seed/videos.js';

const out = new URL('../apps/server/src/ops/seed/videos/', import.meta.url).pathname;
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

async function frame(spec: PictureSpec, step: number, caption: string): Promise<Buffer> {
  const picture = await renderPicture(spec);
  const bar = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
    <rect x="0" y="500" width="800" height="100" fill="#111" fill-opacity="0.78"/>
    <circle cx="52" cy="550" r="24" fill="#2563eb"/>
    <text x="52" y="559" font-family="DejaVu Sans" font-size="26" font-weight="bold" fill="#fff" text-anchor="middle">${step}</text>
    <text x="92" y="560" font-family="DejaVu Sans" font-size="28" fill="#fff">${escape(caption)}</text>
  </svg>`;
  return sharp(picture)
    .composite([{ input: Buffer.from(bar) }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

for (const video of SEED_VIDEOS) {
  const work = mkdtempSync(path.join(tmpdir(), 'seed-video-'));
  try {
    const frames = await Promise.all(
      video.steps.map((caption, i) => frame({ ...video.picture, variant: video.picture.variant + i }, i + 1, caption)),
    );
    frames.forEach((f, i) => writeFileSync(path.join(work, `step${i}.jpg`), f));
    const inputs = frames.flatMap((_, i) => [
      '-loop',
      '1',
      '-t',
      '2',
      '-framerate',
      '10',
      '-i',
      path.join(work, `step${i}.jpg`),
    ]);
    const scaled = frames.map((_, i) => `[${i}:v]scale=640:480[v${i}]`).join(';');
    const joined = `${scaled};${frames.map((_, i) => `[v${i}]`).join('')}concat=n=${frames.length}:v=1:a=0,format=yuv420p[out]`;
    execFileSync('ffmpeg', [
      '-y',
      '-loglevel',
      'error',
      ...inputs,
      '-filter_complex',
      joined,
      '-map',
      '[out]',
      '-c:v',
      'libx264',
      '-profile:v',
      'main',
      '-crf',
      '32',
      '-preset',
      'fast',
      '-movflags',
      '+faststart',
      '-an',
      path.join(out, `${video.file}.mp4`),
    ]);
    await sharp(frames[0])
      .resize(640, 480)
      .jpeg({ quality: 80 })
      .toFile(path.join(out, `${video.file}.jpg`));
    console.log(`made ${video.file}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
