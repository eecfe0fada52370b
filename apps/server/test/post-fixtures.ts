import type { TestApp } from './helpers.js';
import { ORIGIN } from './helpers.js';

export const DESCRIPTION = 'The sash will not stay up and the balance spring looks snapped on one side of the frame.';

/** A valid ask body; override any field. */
export const askBody = (over: Record<string, unknown> = {}) => ({
  topic: 'windows',
  title: 'Broken sash balance in a 1990s window',
  description: DESCRIPTION,
  tags: [],
  ...over,
});

export const ask = (t: TestApp, cookie: string | undefined, body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/posts',
    headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    payload: body as object,
  });

export const post = (t: TestApp, url: string, cookie?: string, payload?: object) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    ...(payload ? { payload } : {}),
  });

export const get = (t: TestApp, url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

export const sqlQuery = <T extends Record<string, unknown> = Record<string, unknown>>(
  t: TestApp,
  text: string,
  values: unknown[] = [],
) => t.app.services.database.pool.query<T>(text, values);

export async function makeStaff(t: TestApp, userId: string, role: 'admin' | 'moderator' = 'moderator') {
  await sqlQuery(
    t,
    'INSERT INTO user_roles (user_id, role) VALUES ($1, $2) ON CONFLICT (user_id) DO UPDATE SET role = $2',
    [userId, role],
  );
}

/** An uploads row as the upload routes would leave it, without going through them. */
export async function insertUpload(
  t: TestApp,
  userId: string,
  kind: 'image' | 'video',
  over: { mimeType?: string; duration?: number } = {},
) {
  const n = Math.random().toString(36).slice(2);
  const isVideo = kind === 'video';
  const { rows } = await sqlQuery<{ id: string; public_url: string }>(
    t,
    `
    INSERT INTO uploads (user_id, kind, bucket, path, public_url, mime_type, bytes, duration_seconds, thumbnail_url)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id, public_url`,
    [
      userId,
      kind,
      isVideo ? 'post-videos' : 'post-images',
      `${userId}/${n}`,
      `/media/${isVideo ? 'post-videos' : 'post-images'}/${userId}/${n}`,
      over.mimeType ?? (isVideo ? 'video/webm' : 'image/jpeg'),
      isVideo ? 123456 : 2048,
      isVideo ? (over.duration ?? 42.5) : null,
      isVideo ? `/media/post-images/${userId}/${n}-thumb.jpg` : null,
    ],
  );
  return { id: rows[0]!.id, publicUrl: rows[0]!.public_url };
}

export interface PostSeed {
  userId?: string | null;
  status?: 'pending' | 'open' | 'solved' | 'denied';
  topic?: string;
  title?: string;
  description?: string;
  createdAt?: Date;
  votes?: number;
  bookmarks?: number;
  replies?: number;
  denialReason?: string | null;
}

/** A post written straight to the table (for list tests that need exact times and counts). */
export async function insertPost(t: TestApp, seed: PostSeed = {}): Promise<string> {
  const { rows } = await sqlQuery<{ id: string }>(
    t,
    `
    INSERT INTO posts (user_id, topic, title, description, status, denial_reason, created_at, vote_count, bookmark_count, reply_count)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
    [
      seed.userId ?? null,
      seed.topic ?? 'windows',
      seed.title ?? 'A seeded question about hinges',
      seed.description ?? DESCRIPTION,
      seed.status ?? 'open',
      seed.denialReason ?? null,
      seed.createdAt ?? new Date(),
      seed.votes ?? 0,
      seed.bookmarks ?? 0,
      seed.replies ?? 0,
    ],
  );
  return rows[0]!.id;
}
