import { MSG } from '@fenestra/shared';
import type { Db } from '../../db/client.js';
import { users, accounts, profiles } from '../../db/schema/index.js';
import { conflict } from '../../lib/errors.js';
import { isUniqueViolation } from '../../db/errors.js';
import { freeUsernameFromEmail, usernameTaken } from './profile-repo.js';

/**
 * Writes an email-and-password account: user, credential and profile in one transaction, so a failure
 * leaves none of them. Without a username, one is made from the email (DESIGN.md).
 */
export async function createPasswordAccount(
  db: Db,
  input: { email: string; username: string | null; passwordHash: string },
): Promise<{ id: string; username: string }> {
  const email = input.email.toLowerCase();
  if (input.username && (await usernameTaken(db, input.username)))
    throw conflict('USERNAME_TAKEN', MSG.usernameTaken, 'username');
  const id = crypto.randomUUID();
  for (let attempt = 0; ; attempt++) {
    const username = input.username ?? (await freeUsernameFromEmail(db, email));
    try {
      await db.transaction(async (tx) => {
        await tx.insert(users).values({ id, name: username, email });
        await tx.insert(accounts).values({
          id: crypto.randomUUID(),
          accountId: id,
          providerId: 'credential',
          userId: id,
          password: input.passwordHash,
        });
        await tx.insert(profiles).values({ id, username });
      });
      return { id, username };
    } catch (e) {
      if (isUniqueViolation(e, 'users_email_unique'))
        throw conflict('ACCOUNT_EXISTS', MSG.accountExistsDetail, 'email');
      if (isUniqueViolation(e, 'profiles_username_lower_idx')) {
        if (input.username) throw conflict('USERNAME_TAKEN', MSG.usernameTaken, 'username');
        if (attempt < 5) continue;
      }
      throw e;
    }
  }
}
