import type { FastifyInstance } from 'fastify';
import { fillPreviews } from '../apps/server/src/modules/posts/service.js';

/** The default volume (20,000 posts, 60,000 replies) and the large one (100,000 posts, 1,000,000 replies). */
export const VOLUMES = {
  default: { members: 2_000, posts: 20_000, repliesPerPost: 3 },
  large: { members: 10_000, posts: 100_000, repliesPerPost: 10 },
};
export type Volume = (typeof VOLUMES)[keyof typeof VOLUMES];

/** The seed's part numbers start here ('WX-1000'). */
const PART_BASE = 1000;
/** The posts numbered in their order of creation (the tags' SQL). */
const NUMBERED = `(SELECT id, row_number() OVER (ORDER BY created_at, id) AS n FROM posts) numbered`;

/** Bulk rows in SQL (fast), plus one real member signed up through the API for authenticated requests. */
export async function seedVolume(app: FastifyInstance, volume: Volume = VOLUMES.default) {
  const MEMBERS = Number(process.env.BENCH_MEMBERS ?? volume.members);
  const POSTS = Number(process.env.BENCH_POSTS ?? volume.posts);
  const REPLIES_PER_POST = volume.repliesPerPost;
  // Every post names a part number typed in its text (two posts a number) and has two tags: one of five broad ones
  // and one of POSTS / 4 narrow ones (four posts each): the tag and part pages' miss variants, which must not come
  // round to an address again within a run (thousands of first reads).
  const parts = Math.max(1, Math.round(POSTS / 2));
  const narrowTags = Math.max(1, Math.round(POSTS / 4));
  const pool = app.services.database.pool;
  await pool.query(
    `
    INSERT INTO users (id, name, email)
    SELECT 'bench-' || g, 'bench_member_' || g, 'bench' || g || '@example.com' FROM generate_series(1, $1) g;
    `.replace(/\$1/g, String(MEMBERS)),
  );
  await pool.query(`
    INSERT INTO profiles (id, username, created_at)
    SELECT 'bench-' || g, 'bench_member_' || g, now() - (g || ' minutes')::interval FROM generate_series(1, ${MEMBERS}) g`);
  await pool.query(`
    INSERT INTO posts (user_id, topic, title, description, status, created_at, vote_count, reply_count)
    SELECT 'bench-' || (1 + g % ${MEMBERS}),
           (ARRAY['windows','doors','screens','glazing','misc'])[1 + g % 5]::topic,
           'Benchmark question number ' || g || ' about a casement crank',
           repeat('A description long enough to be realistic about window hardware. ', 4)
             || 'Stamped WX-' || (${PART_BASE} + g % ${parts}) || ' on the frame.',
           (ARRAY['open','solved','open','pending'])[1 + g % 4]::post_status,
           now() - (g || ' minutes')::interval, 0, ${REPLIES_PER_POST}
    FROM generate_series(1, ${POSTS}) g`);
  // Without the replies' triggers (their live events and search documents: a million of each at the large
  // volume); the posts' reply counts are written above, and nothing measured here reads the search tables.
  const seeding = await pool.connect();
  try {
    await seeding.query('BEGIN');
    // Only a superuser may (the embedded server's user is one); elsewhere the triggers run.
    await seeding.query('SAVEPOINT quiet');
    await seeding
      .query('SET LOCAL session_replication_role = replica')
      .catch(() => seeding.query('ROLLBACK TO SAVEPOINT quiet'));
    await seeding.query(`
      INSERT INTO replies (post_id, user_id, content, created_at)
      SELECT p.id, 'bench-' || (1 + (r + abs(hashtext(p.id::text))) % ${MEMBERS}), 'A helpful benchmark reply with enough words.', p.created_at + (r || ' minutes')::interval
      FROM posts p CROSS JOIN generate_series(1, ${REPLIES_PER_POST}) r`);
    await seeding.query(`
      INSERT INTO post_tags (post_id, tag)
      SELECT id, (ARRAY['casement', 'sash', 'sliding', 'hinged', 'tilt and turn'])[1 + n % 5] FROM ${NUMBERED}
      UNION ALL
      SELECT id, 'frame-' || (1 + n % ${narrowTags}) FROM ${NUMBERED}`);
    await seeding.query('COMMIT');
  } finally {
    seeding.release();
  }
  // The part numbers as the part-number queue's drain reads them from the text (modules/parts/refresh.ts), written
  // at once: the queue the posts' trigger filled is then empty, as a running forum's is.
  await pool.query(`
    INSERT INTO post_part_numbers (post_id, key, display, typed)
    SELECT id, 'WX' || n, 'WX-' || n, true FROM (SELECT id, substring(description FROM 'Stamped WX-([0-9]+) ') AS n FROM posts) p
    WHERE n IS NOT NULL`);
  await pool.query(
    `INSERT INTO parts (key, display) SELECT DISTINCT key, display FROM post_part_numbers ON CONFLICT (key) DO NOTHING`,
  );
  await pool.query('DELETE FROM part_number_queue');
  // The moderation log's approval of every public post, which the analytics figures read.
  await pool.query(`
    INSERT INTO moderation_log (actor_id, actor_username, action, target_type, target_id, target_label, created_at)
    SELECT 'bench-1', 'bench_member_1', 'approve', 'post', id::text, title, created_at + interval '30 minutes'
    FROM posts WHERE status IN ('open', 'solved')`);
  // Vacuumed and analysed now, so autovacuum does not start on these tables while the figures are taken; and
  // checkpointed, so the seed's dirty pages are not written out while they are (a million replies are many).
  // The cards' previews, kept as the app keeps those of the posts it writes (decision 050).
  await fillPreviews(app.services.database.db);
  await pool.query('VACUUM ANALYZE');
  await pool.query('CHECKPOINT');
  const res = await app.inject({
    method: 'POST',
    url: '/api/account/sign-up',
    headers: { origin: app.services.config.publicUrl },
    payload: { email: 'bench-real@example.com', password: 'Bench-password1' },
  });
  const cookie = ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .map((c) => c.split(';')[0])
    .join('; ');
  const staff = await app.inject({
    method: 'POST',
    url: '/api/account/sign-up',
    headers: { origin: app.services.config.publicUrl },
    payload: { email: 'bench-staff@example.com', password: 'Bench-password1' },
  });
  await pool.query(`INSERT INTO user_roles (user_id, role) VALUES ($1, 'admin')`, [staff.json().me.id]);
  const staffCookie = ([] as string[])
    .concat(staff.headers['set-cookie'] ?? [])
    .map((c) => c.split(';')[0])
    .join('; ');
  // A cursor 50 pages deep, walked the way a client would, to show keyset paging costs what page 1 costs.
  let cursor: string | null = null;
  for (let page = 0; page < 50; page++) {
    const list: { json(): { nextCursor: string | null } } = await app.inject({
      method: 'GET',
      url: `/api/posts${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
    });
    cursor = list.json().nextCursor;
  }
  const firstPage = (await app.inject({ method: 'GET', url: '/api/posts' })).json().posts as Array<{ id: string }>;
  // The member has liked two posts of the first page and bookmarked one: their list carries an overlay.
  const asMember = { origin: app.services.config.publicUrl, cookie };
  for (const post of firstPage.slice(1, 3))
    await app.inject({ method: 'POST', url: `/api/posts/${post.id}/like`, headers: asMember });
  await app.inject({ method: 'POST', url: `/api/posts/${firstPage[1]!.id}/bookmark`, headers: asMember });
  // The seed's own live events (one per post written) reach this instance before anything is measured.
  await (app.services.events.listener as { sync?(timeoutMs: number): Promise<void> }).sync?.(120_000);
  return {
    members: MEMBERS,
    posts: POSTS,
    replies: POSTS * REPLIES_PER_POST,
    cookie,
    staffCookie,
    deepCursor: cursor ?? '',
    postId: firstPage[0]!.id,
  };
}
