import type { Author } from '@fenestra/shared';
import type { Db } from '../../db/client.js';
import type { MediaAddress } from '../../lib/media-address.js';
import { authorOf } from '../../lib/author.js';
import { suggestMembers } from './repo.js';

// What other modules call: the @usernames of a text that name members, as links.
export { resolveMentions } from './repo.js';

/** How many members the composer's '@' list offers. */
export const SUGGESTIONS_SHOWN = 8;

/** The members an '@' and a few letters could mean, the people of the post's thread first. */
export async function mentionSuggestions(
  db: Db,
  media: MediaAddress,
  prefix: string,
  postId: string | null,
): Promise<{ members: Author[] }> {
  const rows = await suggestMembers(db, prefix, postId, SUGGESTIONS_SHOWN);
  return { members: rows.map((row) => authorOf(row, media)) };
}
