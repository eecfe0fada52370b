import { e2eDb } from './db';

/** Public posts written straight into the database (fast set-up for list tests); returns their ids, newest first. */
export async function insertPublicPosts(opts: {
  authorId: string;
  count: number;
  topic?: string;
  status?: 'open' | 'solved';
  label: string;
  votes?: (i: number) => number;
}): Promise<string[]> {
  const { rows } = await e2eDb().query<{ id: string }>(
    `INSERT INTO posts (user_id, topic, title, description, status, created_at, vote_count)
     SELECT $1, $2::topic, $3 || ' question number ' || g, repeat('A long enough description about a hinge. ', 3), $4::post_status,
            now() - (g || ' minutes')::interval, 0
     FROM generate_series(1, $5) g
     RETURNING id`,
    [opts.authorId, opts.topic ?? 'windows', opts.label, opts.status ?? 'open', opts.count],
  );
  return rows.map((r) => r.id);
}

/** A public post with three images already stored (pictures from the API's upload route). */
export async function insertPostWithImages(authorId: string, title: string, imageUrls: string[]): Promise<string> {
  const db = e2eDb();
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO posts (user_id, topic, title, description, status) VALUES ($1, 'glazing', $2, $3, 'open') RETURNING id`,
    [authorId, title, 'A description that is certainly longer than fifty characters, about glazing beads.'],
  );
  const id = rows[0]!.id;
  for (const [i, url] of imageUrls.entries()) {
    await db.query(
      `INSERT INTO post_images (post_id, image_url, display_order, alt_text, detected_object, detection_confidence)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [id, url, i, `Image ${i + 1}`, i === 0 ? 'Glazing bead' : null, i === 0 ? 0.87 : null],
    );
  }
  return id;
}
