import { sql } from 'drizzle-orm';
import { mentionedNames, type Mention } from '@fenestra/shared';
import type { Db, Tx } from '../../db/client.js';

/** The members an @name in member text names (usernames match ignoring case); unknown names are left out. */
export async function resolveMentions(tx: Db | Tx, text: string): Promise<Mention[]> {
  const names = mentionedNames(text);
  if (names.length === 0) return [];
  const { rows } = await tx.execute<{ id: string; username: string }>(sql`
    SELECT id, username FROM profiles
    WHERE lower(username) IN (${sql.join(
      names.map((n) => sql`${n}`),
      sql`, `,
    )})`);
  return rows.map((r) => ({ handle: r.username.toLowerCase(), userId: r.id, username: r.username }));
}

/**
 * Members whose username starts with `prefix` (ignoring case) for the composer's '@' list: the people of the post's
 * thread (its author and repliers) first, then by name; deleted and banned members are left out.
 */
export async function suggestMembers(db: Db, prefix: string, postId: string | null, limit: number) {
  const pattern = `${prefix.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  // The post's author and repliers sort first (true before false).
  const order = postId
    ? sql`p.id IN (SELECT user_id FROM posts WHERE id = ${postId} UNION SELECT user_id FROM replies WHERE post_id = ${postId}) DESC, lower(p.username)`
    : sql`lower(p.username)`;
  const { rows } = await db.execute<{
    authorId: string;
    authorUsername: string;
    authorAvatarUrl: string | null;
    authorAvatarWidth: number | null;
    authorAvatarHeight: number | null;
    authorAvatarVariantWidths: number[] | null;
  }>(sql`
    SELECT p.id AS "authorId", p.username AS "authorUsername", p.avatar_url AS "authorAvatarUrl",
           p.avatar_width AS "authorAvatarWidth", p.avatar_height AS "authorAvatarHeight",
           p.avatar_variant_widths AS "authorAvatarVariantWidths"
    FROM profiles p
    WHERE lower(p.username) LIKE ${pattern} AND p.status = 'active'
    ORDER BY ${order}
    LIMIT ${limit}`);
  return rows;
}
