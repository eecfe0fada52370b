import { sql } from 'drizzle-orm';
import { preparedQuery, type Db } from '../../db/client.js';

// The part pages' reads (decision 034): only public questions (open, solved) ever give a part its page. A page's
// reads are named prepared statements, one per number of keys (a part and those merged into it, each a parameter:
// an array parameter's generic plan counts on ten keys, so PostgreSQL planned every read again): planning them
// cost more than running them (about 1 ms each for the questions and the similar parts, 0.1 to run; decision 040,
// amendment of session 25).

/** `ARRAY[$1, ...]` of `n` keys: the planner sees how many. */
const keyParams = (n: number) => `ARRAY[${Array.from({ length: n }, (_, i) => `$${i + 1}`).join(', ')}]::text[]`;
/** A statement per number of keys, made on first use. */
function perKeyCount<Row extends object>(name: string, text: (keys: string, next: number) => string) {
  const made = new Map<number, ReturnType<typeof preparedQuery<Row>>>();
  return (db: Db, keys: string[], rest: unknown[]) => {
    let query = made.get(keys.length);
    if (!query)
      made.set(
        keys.length,
        (query = preparedQuery<Row>(`${name}_${keys.length}`, text(keyParams(keys.length), keys.length + 1))),
      );
    return query(db, [...keys, ...rest]);
  };
}

const PUBLIC = sql`p.status IN ('open', 'solved')`;
const keyList = (keys: string[]) =>
  sql`ARRAY[${sql.join(
    keys.map((k) => sql`${k}`),
    sql`, `,
  )}]::text[]`;

/**
 * The photos a part number can be read from: the question's own and those in its published replies (the author's
 * reply photos are read like the question's, decision 037), with what was detected in each.
 */
const PHOTOS_TEXT = `(
  SELECT i.id, i.post_id, i.image_url, i.alt_text, coalesce(i.user_confirmed_object, i.detected_object) AS object,
    i.detected_category AS category, i.created_at
  FROM post_images i
  UNION ALL
  SELECT ri.id, r.post_id, ri.image_url, NULL, ri.detection->>'object', ri.detection->>'category', r.created_at
  FROM reply_images ri JOIN replies r ON r.id = ri.reply_id
  WHERE r.status = 'published'
)`;
export const PHOTOS = sql.raw(PHOTOS_TEXT);

export type PartRow = {
  key: string;
  display: string;
  name: string | null;
  category: string | null;
  merged_into: string | null;
};

const partRowQuery = preparedQuery<PartRow>(
  'part_row',
  'SELECT key, display, name, category, merged_into FROM parts WHERE key = $1',
);

export async function partRow(db: Db, key: string): Promise<PartRow | null> {
  return (await partRowQuery(db, [key]))[0] ?? null;
}

const mergedKeysQuery = preparedQuery<{ key: string; display: string }>(
  'part_merged_keys',
  'SELECT key, display FROM parts WHERE merged_into = $1 ORDER BY key',
);

/** The keys merged into `key` (all of them show on its page). */
export async function mergedKeys(db: Db, key: string): Promise<{ key: string; display: string }[]> {
  return mergedKeysQuery(db, [key]);
}

export type QuestionRow = {
  id: string;
  title: string;
  status: 'open' | 'solved';
  reply_count: number;
  created_at: Date;
  display: string;
  photo_ids: string[];
  answer_kind: 'accepted' | 'pinned' | null;
  answer_text: string | null;
  answer_author: string | null;
};

const questionsAboutQuery = perKeyCount<QuestionRow>(
  'part_questions',
  (keys, next) => `SELECT p.id, p.title, p.status, p.reply_count, p.created_at, n.display, n.photo_ids,
      CASE WHEN a.id IS NOT NULL THEN 'accepted' WHEN pin.id IS NOT NULL THEN 'pinned' END AS answer_kind,
      coalesce(a.content, pin.content) AS answer_text,
      coalesce(ap.username, pp.username) AS answer_author
    FROM (SELECT post_id, min(display) AS display, array_agg(DISTINCT photo) FILTER (WHERE photo IS NOT NULL) AS photo_ids
          FROM post_part_numbers LEFT JOIN LATERAL unnest(photo_ids) AS photo ON true
          WHERE key = ANY(${keys}) GROUP BY post_id) n
    JOIN posts p ON p.id = n.post_id
    LEFT JOIN replies a ON a.id = p.accepted_reply_id AND a.status = 'published'
    LEFT JOIN profiles ap ON ap.id = a.user_id
    LEFT JOIN replies pin ON pin.post_id = p.id AND pin.is_pinned AND pin.status = 'published' AND a.id IS NULL
    LEFT JOIN profiles pp ON pp.id = pin.user_id
    WHERE p.status IN ('open', 'solved')
    ORDER BY (p.status = 'solved') DESC, p.created_at DESC, p.id DESC
    LIMIT $${next}`,
);

/** The public questions naming any of `keys`: solved first, then newest; with the accepted (else pinned) reply. */
export async function questionsAbout(db: Db, keys: string[], limit: number): Promise<QuestionRow[]> {
  return questionsAboutQuery(db, keys, [limit]);
}

export type PhotoRow = {
  id: string;
  post_id: string;
  image_url: string;
  alt_text: string | null;
  object: string | null;
  category: string | null;
};

export async function photosOf(db: Db, photoIds: string[]): Promise<PhotoRow[]> {
  if (photoIds.length === 0) return [];
  const { rows } = await db.execute<PhotoRow>(sql`
    SELECT i.id, i.post_id, i.image_url, i.alt_text, i.object, i.category
    FROM ${PHOTOS} i JOIN posts p ON p.id = i.post_id
    WHERE i.id = ANY(${sql`ARRAY[${sql.join(
      photoIds.map((id) => sql`${id}`),
      sql`, `,
    )}]::uuid[]`}) AND ${PUBLIC}
    ORDER BY i.created_at DESC`);
  return rows;
}

/** Other parts: those named in the same public questions (`keys`, then how many), and `photos` (then the category). */
const similarPartsText = (keys: string, next: number, photos: string) => `
    WITH mine AS (
      SELECT DISTINCT n.post_id FROM post_part_numbers n JOIN posts p ON p.id = n.post_id
      WHERE n.key = ANY(${keys}) AND p.status IN ('open', 'solved')
    ), near AS (
      SELECT n.key, 2 AS weight FROM post_part_numbers n JOIN mine USING (post_id)
      ${photos}
    )
    SELECT coalesce(pt.merged_into, near.key) AS key, min(coalesce(target.display, pt.display)) AS display,
      min(coalesce(target.name, pt.name)) AS name
    FROM near JOIN parts pt ON pt.key = near.key LEFT JOIN parts target ON target.key = pt.merged_into
    WHERE coalesce(pt.merged_into, near.key) <> ALL(${keys}) AND near.key <> ALL(${keys})
    GROUP BY coalesce(pt.merged_into, near.key)
    ORDER BY sum(weight) DESC, 1
    LIMIT $${next}`;
type SimilarRow = { key: string; display: string; name: string | null };
/** A part without a category: only the parts of its questions (one plan for every part). */
const similarByQuestions = perKeyCount<SimilarRow>('part_similar', (keys, next) => similarPartsText(keys, next, ''));
/** With a category, planned for its category each time (a generic plan reads every part number's photos). */
const similarByPhotos = (keys: number) =>
  similarPartsText(
    keyParams(keys),
    keys + 1,
    `UNION ALL
      SELECT n.key, 1 FROM post_part_numbers n
        JOIN ${PHOTOS_TEXT} i ON i.id = ANY(n.photo_ids)
        JOIN posts p ON p.id = n.post_id
      WHERE i.category = $${keys + 2} AND p.status IN ('open', 'solved')`,
  );

/**
 * Other parts named in the same public questions, or in a question whose photos are of the same category, most
 * shared first.
 */
export async function similarParts(
  db: Db,
  keys: string[],
  category: string | null,
  limit: number,
): Promise<SimilarRow[]> {
  if (category === null) return similarByQuestions(db, keys, [limit]);
  const pool = (db as unknown as { $client: { query<R>(text: string, values: unknown[]): Promise<{ rows: R[] }> } })
    .$client;
  return (await pool.query<SimilarRow>(similarByPhotos(keys.length), [...keys, limit, category])).rows;
}

/** How many public questions name each of `keys` (with what is merged into it). */
export async function publicQuestionCount(db: Db, key: string): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`
    SELECT count(DISTINCT n.post_id)::int AS n FROM post_part_numbers n JOIN posts p ON p.id = n.post_id
    WHERE (n.key = ${key} OR n.key IN (SELECT key FROM parts WHERE merged_into = ${key})) AND ${PUBLIC}`);
  return rows[0]?.n ?? 0;
}

/** Every part with a public question, for the sitemap: its key and the time its latest question changed. */
export async function publicParts(db: Db, offset: number, limit: number): Promise<{ key: string; lastmod: Date }[]> {
  const { rows } = await db.execute<{ key: string; lastmod: Date }>(sql`
    SELECT coalesce(pt.merged_into, n.key) AS key, max(greatest(p.updated_at, p.created_at)) AS lastmod
    FROM post_part_numbers n JOIN posts p ON p.id = n.post_id LEFT JOIN parts pt ON pt.key = n.key
    WHERE ${PUBLIC}
    GROUP BY 1 ORDER BY 1 OFFSET ${offset} LIMIT ${limit}`);
  return rows;
}

export async function countPublicParts(db: Db): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`
    SELECT count(DISTINCT coalesce(pt.merged_into, n.key))::int AS n
    FROM post_part_numbers n JOIN posts p ON p.id = n.post_id LEFT JOIN parts pt ON pt.key = n.key
    WHERE ${PUBLIC}`);
  return rows[0]?.n ?? 0;
}

/** The public posts naming a part (with what is merged into it), newest first, for its feed. */
export async function postIdsAbout(db: Db, keys: string[], limit: number): Promise<string[]> {
  const { rows } = await db.execute<{ id: string }>(sql`
    SELECT p.id FROM posts p WHERE ${PUBLIC}
      AND EXISTS (SELECT 1 FROM post_part_numbers n WHERE n.post_id = p.id AND n.key = ANY(${keyList(keys)}))
    ORDER BY p.created_at DESC, p.id DESC LIMIT ${limit}`);
  return rows.map((r) => r.id);
}
