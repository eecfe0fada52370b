// How long writing an answer through its contract takes (decision 024): fast-json-stringify from the zod contract
// (what the routes and the public-read cache use), JSON.stringify (before contracts) and zod's parse then
// JSON.stringify (fastify-type-provider-zod's own serializer), on a home-list page of 20 posts and on a post.
import { postDetailSchema, postListSchema } from '@fenestra/shared';
import { contractJson } from '../apps/server/src/lib/contract-json.js';

const image = (i: number) => ({
  id: `3f0a8c7e-0000-4000-8000-00000000000${i}`,
  url: `/media/post-images/u/2026/11/photo-${i}.jpg`,
  width: 1600,
  height: 1200,
  variantWidths: [160, 320, 640, 1280],
  alt: 'A casement crank, close up',
  displayOrder: i,
  detection: {
    status: 'done' as const,
    object: 'casement window crank',
    category: 'operator',
    material: 'zinc',
    finish: 'white',
    confidence: 0.58,
    keyFeatures: ['splined shaft', 'folding handle'],
    userConfirmedObject: null,
    visibleText: 'TRUTH 14.40',
  },
});
// Shaped as the answers are; typed loosely, so a field added to the contracts does not stop the bench.
const summary = (i: number) => ({
  id: `9d1c3e55-0000-4000-8000-${String(i).padStart(12, '0')}`,
  topic: 'windows' as const,
  title: `Casement crank stripped on a 1990s window, which replacement fits? (${i})`,
  status: i % 3 ? ('open' as const) : ('solved' as const),
  denialReason: null,
  createdAt: new Date(Date.UTC(2026, 10, 27, 6, i)).toISOString(),
  author: { id: `a-${i}`, username: `member-${i}`, avatarUrl: '🪟' },
  tags: ['casement', 'crank', 'truth hardware'],
  images: [image(1), image(2)],
  video: null,
  replyCount: i,
  voteCount: 2 * i,
  bookmarkCount: 1,
  preview: 'The crank spins freely and the sash does not move. The splines on the shaft look worn down. '.repeat(2),
  liked: false,
  bookmarked: false,
});
const list = { posts: Array.from({ length: 20 }, (_, i) => summary(i)), nextCursor: 'eyJjIjoxfQ', total: 1234 };
const { preview: _preview, ...rest } = summary(1);
const post = {
  ...rest,
  description: 'The crank spins freely and the sash does not move. '.repeat(12),
  canModerate: false,
  canOverrideDetection: false,
  mentions: [],
};

/** CPU µs per answer (process.cpuUsage: what other load on the machine moves least), median of rounds taken in turns. */
function measure(writers: [string, () => string][], rounds = 9, per = 2_000) {
  const times = new Map<string, number[]>(writers.map(([name]) => [name, []]));
  for (const [, write] of writers) for (let i = 0; i < per; i++) write();
  for (let r = 0; r < rounds; r++)
    for (const [name, write] of writers) {
      const start = process.cpuUsage();
      for (let i = 0; i < per; i++) write();
      const used = process.cpuUsage(start);
      times.get(name)!.push((used.user + used.system) / per);
    }
  for (const [name, write] of writers) {
    const sorted = times.get(name)!.sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    console.log(
      `${name.padEnd(48)} ${median.toFixed(1).padStart(7)} µs CPU (rounds ${sorted[0]!.toFixed(1)}-${sorted.at(-1)!.toFixed(1)})  ${write().length} bytes`,
    );
  }
}

const listJson = contractJson(postListSchema);
const postJson = contractJson(postDetailSchema);
for (const [label, value, writer, schema] of [
  ['home list, 20 posts', list, listJson, postListSchema],
  ['post', post, postJson, postDetailSchema],
] as const)
  measure([
    [`${label}: JSON.stringify (before)`, () => JSON.stringify(value)],
    [`${label}: contract (fast-json-stringify)`, () => (writer as (v: unknown) => string)(value)],
    [`${label}: zod parse + JSON.stringify`, () => JSON.stringify(schema.safeParse(value).data ?? value)],
  ]);
console.log(
  `load average ${(await import('node:os'))
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
