import { randomBytes } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { LIMITS } from '@fenestra/shared';
import type { Db } from '../../db/client.js';
import { users, verifications } from '../../db/schema/index.js';

/** How long a reset link works (the email says so). */
const RESET_TOKEN_TTL_MS = LIMITS.resetLinkHours * 60 * 60 * 1000;
const PREFIX = 'reset-password:';

/**
 * Makes a reset token for the member with this email, ending every older one, and returns the link to
 * mail; null for an email nobody has. Runs in the job queue, so a request takes the same path for both.
 */
export async function issueResetLink(
  db: Db,
  email: string,
  publicUrl: string,
): Promise<{ to: string; url: string } | null> {
  const [user] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.email, email.toLowerCase()))
    .limit(1);
  if (!user) return null;
  // The same form as better-auth's own tokens, so its resetPassword accepts it.
  const token = randomBytes(18).toString('base64url');
  await db.transaction(async (tx) => {
    await tx
      .delete(verifications)
      .where(and(like(verifications.identifier, `${PREFIX}%`), eq(verifications.value, user.id)));
    await tx.insert(verifications).values({
      id: crypto.randomUUID(),
      identifier: `${PREFIX}${token}`,
      value: user.id,
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
    });
  });
  return { to: user.email, url: `${publicUrl}/auth?reset=true&token=${encodeURIComponent(token)}` };
}
