import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/**
 * Whether the forum has no admin yet (an empty forum, SEED=none). Asked until one exists: the last admin cannot be
 * removed (admin-users refuses it), so once true it stays true.
 */
export function firstAdminCheck(db: Db) {
  let hasAdmin = false;
  return async function needsFirstAdmin(): Promise<boolean> {
    if (hasAdmin) return false;
    const rows = await db.execute<{ any: boolean }>(
      sql`SELECT EXISTS (SELECT 1 FROM user_roles WHERE role = 'admin') AS any`,
    );
    hasAdmin = Boolean(rows.rows[0]?.any);
    return !hasAdmin;
  };
}
