import { sql } from 'drizzle-orm';
import { preparedQuery, type Db } from '../../db/client.js';

// What the public pages' heads, the sitemaps and the feeds read (decision 034): public posts only.

export type PostHeadRow = {
  id: string;
  title: string;
  description: string;
  status: 'pending' | 'open' | 'solved' | 'denied';
  user_id: string | null;
  username: string | null;
  created_at: Date;
  updated_at: Date;
  edited_at: Date | null;
  vote_count: number;
  reply_count: number;
  accepted_reply_id: string | null;
  image_url: string | null;
  topic: string;
};

export async function postForHead(db: Db, id: string): Promise<PostHeadRow | null> {
  const { rows } = await db.execute<PostHeadRow>(sql`
    SELECT p.id, p.title, p.description, p.status, p.user_id, pr.username, p.created_at, p.updated_at, p.edited_at,
      p.vote_count, p.reply_count, p.accepted_reply_id, p.topic,
      (SELECT image_url FROM post_images WHERE post_id = p.id ORDER BY display_order LIMIT 1) AS image_url
    FROM posts p LEFT JOIN profiles pr ON pr.id = p.user_id WHERE p.id = ${id}::uuid`);
  return rows[0] ?? null;
}

export async function wasDeleted(db: Db, id: string): Promise<boolean> {
  const { rows } = await db.execute(sql`SELECT 1 FROM deleted_posts WHERE post_id = ${id}::uuid`);
  return rows.length > 0;
}

export type ReplyHeadRow = {
  id: string;
  content: string;
  created_at: Date;
  username: string | null;
  helpful_count: number;
};

/** A post's replies for its structured data: the accepted one first, then the most helpful. */
export async function repliesForHead(db: Db, postId: string, acceptedId: string | null, limit: number) {
  const { rows } = await db.execute<ReplyHeadRow>(sql`
    SELECT r.id, r.content, r.created_at, pr.username, r.helpful_count
    FROM replies r LEFT JOIN profiles pr ON pr.id = r.user_id
    WHERE r.post_id = ${postId}::uuid AND r.status = 'published'
    ORDER BY (r.id = ${acceptedId}::uuid) DESC NULLS LAST, r.is_pinned DESC, r.helpful_count DESC, r.created_at
    LIMIT ${limit}`);
  return rows;
}

export async function memberByUsername(
  db: Db,
  username: string,
): Promise<{ id: string; username: string; bio: string | null } | null> {
  const { rows } = await db.execute<{ id: string; username: string; bio: string | null }>(
    sql`SELECT id, username, bio FROM profiles WHERE lower(username) = lower(${username}) LIMIT 1`,
  );
  return rows[0] ?? null;
}

/** Every tag on public questions, with how many use it, most used first (case folded). */
export async function tagCounts(db: Db, offset: number, limit: number): Promise<{ tag: string; count: number }[]> {
  const { rows } = await db.execute<{ tag: string; count: number }>(sql`
    SELECT lower(t.tag) AS tag, count(*)::int AS count
    FROM post_tags t JOIN posts p ON p.id = t.post_id
    WHERE p.status IN ('open', 'solved')
    GROUP BY lower(t.tag) ORDER BY count DESC, tag OFFSET ${offset} LIMIT ${limit}`);
  return rows;
}

export async function countTags(db: Db): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`
    SELECT count(DISTINCT lower(t.tag))::int AS n FROM post_tags t JOIN posts p ON p.id = t.post_id
    WHERE p.status IN ('open', 'solved')`);
  return rows[0]?.n ?? 0;
}

// Stops at the first public question (a broad tag's every post was read for its latest change, which nothing used);
// prepared, so its plan (the index on lower(tag), then each post by its key) is made once per connection.
const tagInUseQuery = preparedQuery<{ used: boolean }>(
  'tag_in_use',
  `SELECT EXISTS (SELECT 1 FROM post_tags t JOIN posts p ON p.id = t.post_id
    WHERE lower(t.tag) = lower($1) AND p.status IN ('open', 'solved')) AS used`,
);

/** Whether any public question carries the tag (any case): its page and feeds exist. */
export async function tagInUse(db: Db, tag: string): Promise<boolean> {
  const [row] = await tagInUseQuery(db, [tag]);
  return row?.used ?? false;
}

export type SitemapPostRow = {
  id: string;
  title: string;
  lastmod: Date;
};

/** Public posts for the sitemap, oldest first (a page keeps its posts as new ones come), with their latest change. */
export async function sitemapPosts(db: Db, offset: number, limit: number): Promise<SitemapPostRow[]> {
  const { rows } = await db.execute<SitemapPostRow>(sql`
    SELECT p.id, p.title,
      greatest(p.created_at, p.edited_at, (SELECT max(r.created_at) FROM replies r WHERE r.post_id = p.id AND r.status = 'published'),
        (SELECT max(r.edited_at) FROM replies r WHERE r.post_id = p.id AND r.status = 'published')) AS lastmod
    FROM posts p WHERE p.status IN ('open', 'solved')
    ORDER BY p.created_at, p.id OFFSET ${offset} LIMIT ${limit}`);
  return rows;
}

export async function countPublicPosts(db: Db): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM posts WHERE status IN ('open', 'solved')`,
  );
  return rows[0]?.n ?? 0;
}

export type FeedPostRow = {
  id: string;
  title: string;
  description: string;
  created_at: Date;
  updated_at: Date;
  username: string | null;
  topic: string;
};

/** The latest public questions, optionally of one topic, one tag or among some ids. */
export async function feedPosts(
  db: Db,
  by: { topic?: string; tag?: string; ids?: string[] },
  limit: number,
): Promise<FeedPostRow[]> {
  const where = [sql`p.status IN ('open', 'solved')`];
  if (by.topic) where.push(sql`p.topic = ${by.topic}`);
  if (by.tag)
    where.push(sql`EXISTS (SELECT 1 FROM post_tags t WHERE t.post_id = p.id AND lower(t.tag) = lower(${by.tag}))`);
  if (by.ids)
    where.push(
      by.ids.length === 0
        ? sql`false`
        : sql`p.id = ANY(ARRAY[${sql.join(
            by.ids.map((id) => sql`${id}`),
            sql`, `,
          )}]::uuid[])`,
    );
  const { rows } = await db.execute<FeedPostRow>(sql`
    SELECT p.id, p.title, p.description, p.created_at, p.updated_at, pr.username, p.topic
    FROM posts p LEFT JOIN profiles pr ON pr.id = p.user_id
    WHERE ${sql.join(where, sql` AND `)}
    ORDER BY p.created_at DESC, p.id DESC LIMIT ${limit}`);
  return rows;
}
