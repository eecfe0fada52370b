import { sql } from 'drizzle-orm';
import { mentionedNames, type Mention } from '@fenestra/shared';
import type { Db, Tx } from '../../db/client.js';

/** The members an @name in member text names (usernames match ignoring case); unknown names are left out. */
export async function resolveMentions(tx: Db | Tx, text: string): Promise<Mention[]> {
  const names = mentionedNames(text);
  if (names.length === 0) return [];
  const { rows } = await tx.execute<{ id: string; username: string }>(sql`
    SELECT id, username FROM profiles
    WHERE lower(username) IN (${sql.join(names.map((n) => sql`${n}`), sql`, `)})`);
  return rows.map((r) => ({ handle: r.username.toLowerCase(), userId: r.id, username: r.username }));
}
