import { sql } from 'drizzle-orm';
import { partNumberDisplay, partNumberKey } from '@fenestra/shared';
import { preparedQuery, type Db } from '../../db/client.js';
import { extractPartNumbers } from '../../adapters/ai/label-text.js';

/** How many queued posts one drain re-reads at most (a backfill of a large forum is drained over many reads). */
const DRAIN_BATCH = 500;

interface Found {
  display: string;
  photoIds: Set<string>;
  typed: boolean;
}

/**
 * What a member typed that reads like a part number but is a word and a year or a date ('pre-1950', '1990-2005',
 * '2024-03-01'): the label reader's rules are for labels, where such words are rare.
 */
const NOT_TYPED_PART =
  /^(?:(?:PRE|POST|MID|LATE|EARLY|CIRCA|CA|NON|ANTI|SELF|YEAR|MODEL|SIZE|TYPE)\W?\d{2,4}S?|(?:19|20)\d{2}(?:\W\d{1,4})*)$/i;

/** A detection's key feature naming a part number it read surely ('part no. 23.10.00'; unsure ones carry '?'). */
const FEATURE = /^part no\. (.+)$/i;

/**
 * Re-reads the part numbers of the posts queued by the triggers (a question's text, a reply, a photo's detection,
 * the question's or a reply's, changed): the photos' detections and the typed text of the question and its replies,
 * one row per number.
 * Taken with SKIP LOCKED, so two drains never read the same post; answers how many posts it read.
 */
export async function drainPartNumberQueue(db: Db, batch = DRAIN_BATCH): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows: queued } = await tx.execute<{ post_id: string }>(sql`
      DELETE FROM part_number_queue WHERE post_id IN (
        SELECT post_id FROM part_number_queue ORDER BY requested_at LIMIT ${batch} FOR UPDATE SKIP LOCKED
      ) RETURNING post_id`);
    if (queued.length === 0) return 0;
    const ids = queued.map((row) => row.post_id);
    const idList = sql`ARRAY[${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}]::uuid[]`;
    const { rows: texts } = await tx.execute<{ post_id: string; text: string }>(sql`
      SELECT id AS post_id, title || E'\n' || description AS text FROM posts WHERE id = ANY(${idList})
      UNION ALL
      SELECT post_id, content FROM replies WHERE post_id = ANY(${idList}) AND status = 'published'`);
    // The question's photos and the photos of its published replies (the author's are read, decision 037).
    const { rows: photos } = await tx.execute<{ post_id: string; id: string; features: string[] | null }>(sql`
      SELECT post_id, id, key_features AS features FROM post_images WHERE post_id = ANY(${idList})
      UNION ALL
      SELECT r.post_id, ri.id, ARRAY(SELECT jsonb_array_elements_text(ri.detection->'keyFeatures'))
      FROM reply_images ri JOIN replies r ON r.id = ri.reply_id
      WHERE r.post_id = ANY(${idList}) AND r.status = 'published' AND jsonb_typeof(ri.detection->'keyFeatures') = 'array'`);

    const found = new Map<string, Map<string, Found>>();
    const add = (postId: string, display: string, how: { photoId?: string; typed?: boolean }) => {
      const key = partNumberKey(display);
      if (key.length < 4 || key.includes('?')) return;
      const numbers = found.get(postId) ?? new Map<string, Found>();
      found.set(postId, numbers);
      const entry = numbers.get(key) ?? { display: partNumberDisplay(display), photoIds: new Set(), typed: false };
      numbers.set(key, entry);
      if (how.photoId) entry.photoIds.add(how.photoId);
      if (how.typed) entry.typed = true;
    };
    for (const photo of photos) {
      for (const feature of photo.features ?? []) {
        const number = FEATURE.exec(feature)?.[1];
        if (number && !/\(unsure\)$/.test(number)) add(photo.post_id, number, { photoId: photo.id });
      }
    }
    for (const { post_id, text } of texts) {
      for (const number of extractPartNumbers(text))
        if (!/\(unsure\)$/.test(number) && !NOT_TYPED_PART.test(number)) add(post_id, number, { typed: true });
    }

    await tx.execute(sql`DELETE FROM post_part_numbers WHERE post_id = ANY(${idList})`);
    const existing = new Set(texts.map((row) => row.post_id));
    for (const [postId, numbers] of found) {
      if (!existing.has(postId)) continue;
      for (const [key, entry] of numbers) {
        const photoIds = sql`ARRAY[${sql.join(
          [...entry.photoIds].map((id) => sql`${id}`),
          sql`, `,
        )}]::uuid[]`;
        await tx.execute(sql`
          INSERT INTO post_part_numbers (post_id, key, display, photo_ids, typed)
          VALUES (${postId}, ${key}, ${entry.display}, ${entry.photoIds.size > 0 ? photoIds : sql`'{}'::uuid[]`}, ${entry.typed})`);
        await tx.execute(sql`
          INSERT INTO parts (key, display) VALUES (${key}, ${entry.display}) ON CONFLICT (key) DO NOTHING`);
      }
    }
    return ids.length;
  });
}

const queuedQuery = preparedQuery<{ queued: boolean }>(
  'part_number_queue_any',
  'SELECT EXISTS (SELECT 1 FROM part_number_queue) AS queued',
);

/**
 * Drains until the queue is empty or `rounds` batches were read (part pages read fresh numbers). An empty queue (a
 * part page's usual read) is one statement, not a transaction's three.
 */
export async function drainAll(db: Db, rounds = 4): Promise<void> {
  if (!(await queuedQuery(db, []))[0]?.queued) return;
  for (let i = 0; i < rounds; i++) if ((await drainPartNumberQueue(db)) < DRAIN_BATCH) return;
}
