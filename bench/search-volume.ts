// The search benches' forum: 100,000 posts (BENCH_POSTS) with varied vocabulary, and the queries they measure.
import type { FastifyInstance } from 'fastify';
import { fillPreviews } from '../apps/server/src/modules/posts/service.js';

export const POSTS = Number(process.env.BENCH_POSTS ?? 100_000);

const PARTS = [
  'casement operator',
  'crank handle',
  'sash lock',
  'spiral balance',
  'block and tackle balance',
  'patio door roller',
  'screen spline',
  'weatherstrip',
  'glazing bead',
  'friction stay',
  'door closer',
  'multipoint lock',
  'euro cylinder',
  'pivot shoe',
  'tilt latch',
  'espagnolette handle',
  'butt hinge',
  'strike plate',
  'sash keeper',
  'storm door closer',
  'sliding door handle',
  'mortise lock',
  'letter plate',
  'bifold guide wheel',
  'garage door seal',
  'skylight gasket',
  'insulated glass unit',
  'corner key',
  'screen door roller',
  'louvre clip',
  'awning operator',
  'sash cord',
  'sash pulley',
  'jamb liner',
  'door sweep',
  'threshold',
  'kick plate',
  'door viewer',
  'trickle vent',
  'window stay',
];
const BRANDS = [
  'Andersen',
  'Pella',
  'Marvin',
  'Milgard',
  'Truth',
  'Roto',
  'Winkhaus',
  'Maco',
  'Siegenia',
  'Yale',
  'ERA',
  'Fuhr',
  'Hoppe',
  'Schlage',
  'Kwikset',
  'Larson',
  'Emco',
  'Simonton',
  'Hurd',
  'Kolbe',
  'Loewen',
  'Velux',
  'Fakro',
  'Mila',
  'Avocet',
];
const PROBLEMS = [
  'stripped',
  'broken',
  'sticking',
  'seized',
  'loose',
  'rattling',
  'will not latch',
  'spins freely',
  'cracked',
  'bent',
  'leaking',
  'drafty',
  'squeaking',
  'rusted',
  'worn flat',
  'jumping off the track',
  'falls down',
  'hard to open',
  'will not close',
  'missing',
];
const PLACES = [
  'kitchen',
  'bedroom',
  'bathroom',
  'basement',
  'front door',
  'back door',
  'patio',
  'garage',
  'porch',
  'attic',
];
const MATERIALS = ['aluminium', 'vinyl', 'uPVC', 'wooden', 'steel', 'fibreglass', 'brass', 'zinc'];
// Made-up model names, three syllables each: 8,000 of them, each in about a dozen posts (the rare words).
const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ru',
  'te',
  'zo',
  'van',
  'bel',
  'dor',
  'fin',
  'gra',
  'hul',
  'jex',
  'kor',
  'lum',
  'nex',
  'pol',
  'quin',
  'sar',
  'tav',
];
const rareWord = (g: number) =>
  SYLLABLES[g % 20]! + SYLLABLES[Math.floor(g / 20) % 20]! + SYLLABLES[Math.floor(g / 400) % 20]!;
// Part numbers: a dotted code shared by about 10 posts, and a unique stamped code per post.
const dottedCode = (g: number) =>
  `${10 + (g % 90)}.${String(Math.floor(g / 90) % 100).padStart(2, '0')}.${String(g % 11).padStart(2, '0')}`;
const stampedCode = (g: number) => `RX${g}`;

const sqlArray = (values: string[]) => `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`;
const pick = (array: string, salt: string, length: number) =>
  `(${array})[1 + abs(hashtext(g::text || '${salt}')) % ${length}]`;

/**
 * Posts `from`..`to` of the search volume in one statement (so the search triggers build every document in one pass
 * and queue every public one for its similar questions at once), written `createdAt` (SQL of g, the post's number).
 */
export async function insertSearchPosts(
  pool: { query(text: string): Promise<unknown> },
  from: number,
  to: number,
  createdAt = `now() - (g || ' minutes')::interval`,
) {
  const [parts, brands, problems, places, materials] = [PARTS, BRANDS, PROBLEMS, PLACES, MATERIALS].map(sqlArray);
  const part = pick(parts!, 'p', PARTS.length);
  const rare = `(${sqlArray(SYLLABLES)})[1 + g % 20] || (${sqlArray(SYLLABLES)})[1 + (g / 20) % 20] || (${sqlArray(SYLLABLES)})[1 + (g / 400) % 20]`;
  const dotted = `(10 + g % 90)::text || '.' || lpad(((g / 90) % 100)::text, 2, '0') || '.' || lpad((g % 11)::text, 2, '0')`;
  await pool.query(`
    INSERT INTO posts (user_id, topic, title, description, status, created_at)
    SELECT 'bench-' || (1 + g % 2000),
      (ARRAY['windows','doors','screens','glazing','misc'])[1 + g % 5]::topic,
      ${pick(brands!, 'b', BRANDS.length)} || ' ' || ${part} || ' ' || ${pick(problems!, 'q', PROBLEMS.length)} || ' in the ' || ${pick(places!, 'l', PLACES.length)},
      'The ' || ${pick(materials!, 'm', MATERIALS.length)} || ' ' || ${part} || ' on my ' || ${pick(places!, 'k', PLACES.length)} || ' '
        || ${pick(parts!, 'r', PARTS.length)} || ' is ' || ${pick(problems!, 's', PROBLEMS.length)} || '. It is a ' || ${rare}
        || ' model, stamped ' || ${dotted} || ' and RX' || g || '. What replacement do I need and how do I fit it?',
      (ARRAY['open','solved','open','solved','open','solved','open','pending'])[1 + g % 8]::post_status,
      ${createdAt}
    FROM generate_series(${from}, ${to}) g`);
}

export async function seedSearchVolume(app: FastifyInstance) {
  const pool = app.services.database.pool;
  await pool.query(
    `INSERT INTO users (id, name, email) SELECT 'bench-' || g, 'bench_member_' || g, 'bench' || g || '@example.com' FROM generate_series(1, 2000) g`,
  );
  await pool.query(
    `INSERT INTO profiles (id, username) SELECT 'bench-' || g, 'bench_member_' || g FROM generate_series(1, 2000) g`,
  );
  await insertSearchPosts(pool, 1, POSTS);
  // The cards' previews, kept as the app keeps those of the posts it writes (decision 050).
  await fillPreviews(app.services.database.db);
  // As autovacuum leaves a running forum: statistics, and the full-text index's pending list merged.
  await pool.query('VACUUM ANALYZE');
}

export const QUERIES: Record<string, string[]> = {
  'common words': ['window', 'door handle', 'hinge', 'broken lock', 'crank', 'roller', 'weatherstrip'],
  'rare words': [rareWord(101), rareWord(2345), rareWord(4321), rareWord(7777), rareWord(999)],
  typos: ['casment operater', 'hindge', 'weatherstip', 'multipiont lock', 'spirl balance', 'espagnolete'],
  'part numbers': [dottedCode(1234), dottedCode(56789), stampedCode(4242), stampedCode(98765), dottedCode(333)],
};

// Drafts on the ask page (GET /api/similar: the title, then the first 500 characters of the description).
export const SIMILAR_DRAFTS: { title: string; description: string }[] = [
  {
    title: 'Andersen casement operator stripped',
    description: 'The crank handle spins but the window does not open any more.',
  },
  { title: 'Pella sash lock broken in the bedroom', description: '' },
  {
    title: 'How do I replace a patio door roller?',
    description: 'The sliding door is jumping off the track and is hard to open. It is a vinyl door.',
  },
  {
    title: 'Spiral balance falls down',
    description: 'My double hung window will not stay up, the spiral balance seems broken. Stamped 23.10.00.',
  },
  {
    title: `Which ${rareWord(2345)} model is this?`,
    description: 'Trying to find a replacement for the weatherstrip on my front door.',
  },
];
