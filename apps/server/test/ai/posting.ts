import type { TestApp } from '../helpers.js';
import { ORIGIN, multipart } from '../helpers.js';
import { ask, askBody, sqlQuery } from '../post-fixtures.js';

/** Uploads these pictures as the member and asks a question with them; the post's id and its images' ids. */
export async function askWithImages(t: TestApp, cookie: string, images: Buffer[], over: Record<string, unknown> = {}) {
  const body = await multipart(images.map((data, i) => ['files', data, `photo-${i}.jpg`] as [string, Buffer, string]));
  const up = await t.app.inject({
    method: 'POST',
    url: '/api/uploads/images',
    payload: body.payload,
    headers: { origin: ORIGIN, cookie, 'content-type': body.contentType },
  });
  if (up.statusCode !== 200) throw new Error(`upload failed: ${up.statusCode} ${up.body}`);
  const ids = (up.json().files as { id: string }[]).map((f) => f.id);
  const res = await ask(t, cookie, askBody({ imageUploadIds: ids, ...over }));
  if (res.statusCode !== 200 && res.statusCode !== 201) throw new Error(`ask failed: ${res.statusCode} ${res.body}`);
  const postId = res.json().id as string;
  const { rows } = await sqlQuery<{ id: string }>(
    t,
    'SELECT id FROM post_images WHERE post_id = $1 ORDER BY display_order',
    [postId],
  );
  return { postId, imageIds: rows.map((r) => r.id) };
}

export async function imageRow(t: TestApp, imageId: string) {
  const { rows } = await sqlQuery<{
    detection_status: string;
    detected_object: string | null;
    detected_category: string | null;
    detection_confidence: number | null;
    key_features: string[];
    visible_text: string | null;
    detection_provider: string | null;
    detection_model: string | null;
    detected_at: Date | null;
    detection_error: string | null;
    embedding: number[] | null;
    embedding_model: string | null;
    embedding_dimension: number | null;
    user_confirmed_object: string | null;
  }>(t, 'SELECT * FROM post_images WHERE id = $1', [imageId]);
  return rows[0]!;
}

/** Approves a post straight in the table (the moderation route is tested elsewhere). */
export const publish = (t: TestApp, postId: string) =>
  sqlQuery(t, `UPDATE posts SET status = 'open' WHERE id = $1`, [postId]);
