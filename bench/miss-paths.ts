// What npm run bench's miss variants and mixed load ask for (issue 28): addresses that rotate so nothing repeats
// (post pages and their API reads over every public post, list pages over sorts, filters, topics and pages, member
// pages, tag and part pages, search words), read from the seeded forum through the seeding app (its cache is not the measured server's),
// and five members who reply and like while the mixed load reads.
import type { FastifyInstance } from 'fastify';
import { SORTS, STATUS_FILTERS, TOPICS } from '@fenestra/shared';

export interface MissPaths {
  /** Public posts' ids, shuffled the same way every run. */
  posts: string[];
  /** Open posts' ids (a solved one takes no replies), shuffled alike: the mixed load's hot posts come first. */
  open: string[];
  /** Every list page walked, in an order that takes each combination's pages in turn. */
  lists: string[];
  /** Every member's profile. */
  members: string[];
  /** Every tag of a public question (its page, /tags/:tag), shuffled. */
  tags: string[];
  /** Every part number a public question names (its page's key, /parts/:key), shuffled. */
  parts: string[];
  /** Common words and typos of the seed's text, in every topic and public status, apart. */
  searches: { common: string[]; typos: string[] };
  /** Cookies of five members (trusted: their replies are public at once) who write during the mixed load. */
  writers: string[];
}

/** A fixed shuffle (the same order every run), so a rotation's neighbours are not neighbours in the table. */
function shuffled<T>(values: T[]): T[] {
  const out = [...values];
  let seed = 42;
  for (let i = out.length - 1; i > 0; i--) {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = seed % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

// The default seed's words (bench/volume.ts), and the same misspelt.
const COMMON = ['casement', 'crank', 'window hardware', 'benchmark question', 'realistic description', 'question'];
const TYPOS = ['casment', 'crnak', 'windw hardwre', 'benchmrk', 'realistc descripton', 'questoin'];

export async function missPaths(
  app: FastifyInstance,
  opts: { pagesPerList: number; origin: string },
): Promise<MissPaths> {
  const pool = app.services.database.pool;
  const rows = (
    await pool.query<{ id: string; status: string }>(
      `SELECT id, status FROM posts WHERE status IN ('open', 'solved') ORDER BY created_at DESC, id DESC`,
    )
  ).rows;
  const posts = rows.map((r) => r.id);
  const open = rows.filter((r) => r.status === 'open').map((r) => r.id);
  const members = (
    await pool.query<{ username: string }>(`SELECT username FROM profiles WHERE username LIKE 'bench_member_%'`)
  ).rows.map((r) => `/api/users/${encodeURIComponent(r.username)}`);
  const tags = (
    await pool.query<{ tag: string }>(
      `SELECT DISTINCT lower(t.tag) AS tag FROM post_tags t JOIN posts p ON p.id = t.post_id
       WHERE p.status IN ('open', 'solved') ORDER BY 1`,
    )
  ).rows.map((r) => r.tag);
  const parts = (
    await pool.query<{ key: string }>(
      `SELECT DISTINCT n.key FROM post_part_numbers n JOIN posts p ON p.id = n.post_id
       WHERE p.status IN ('open', 'solved') ORDER BY 1`,
    )
  ).rows.map((r) => r.key);

  // Each combination's pages walked as a reader would (keyset cursors), then taken in turn.
  const walks: string[][] = [];
  for (const sort of SORTS)
    for (const filter of STATUS_FILTERS)
      for (const topic of [null, ...TOPICS]) {
        const base = `/api/posts?sort=${sort}&filter=${filter}${topic ? `&topic=${topic}` : ''}`;
        const pages: string[] = [];
        let cursor: string | null = null;
        for (let page = 0; page < opts.pagesPerList; page++) {
          const path: string = cursor ? `${base}&cursor=${encodeURIComponent(cursor)}` : base;
          pages.push(path);
          const res = await app.inject({ method: 'GET', url: path });
          cursor = (res.json() as { nextCursor: string | null }).nextCursor;
          if (!cursor) break;
        }
        walks.push(pages);
      }
  const lists: string[] = [];
  for (let page = 0; page < opts.pagesPerList; page++)
    for (const walk of walks) {
      const path = walk[page];
      if (path) lists.push(path);
    }

  // Every filter of each word: the common words' and the typos' addresses apart (the issue's targets differ).
  const searchesOf = (words: string[]) =>
    shuffled(
      words.flatMap((w) =>
        [null, ...TOPICS].flatMap((topic) =>
          ['all', 'open', 'solved'].map(
            (status) => `/api/search?q=${encodeURIComponent(w)}&status=${status}${topic ? `&topic=${topic}` : ''}`,
          ),
        ),
      ),
    );

  const writers: string[] = [];
  for (let n = 1; n <= 5; n++) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/account/sign-up',
      headers: { origin: opts.origin },
      payload: { email: `bench-writer-${n}@example.com`, password: 'Bench-password1' },
    });
    const me = (res.json() as { me: { id: string } }).me;
    // Trusted, so their replies are public at once (a new member's first reply waits for review).
    await pool.query(`UPDATE profiles SET trust_level = 2 WHERE id = $1`, [me.id]);
    writers.push(
      ([] as string[])
        .concat(res.headers['set-cookie'] ?? [])
        .map((c) => c.split(';')[0])
        .join('; '),
    );
  }
  return {
    posts: shuffled(posts),
    open: shuffled(open),
    lists,
    members: shuffled(members),
    tags: shuffled(tags),
    parts: shuffled(parts),
    searches: { common: searchesOf(COMMON), typos: searchesOf(TYPOS) },
    writers,
  };
}
