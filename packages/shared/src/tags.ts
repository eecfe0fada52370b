import { LIMITS } from './limits.js';
import { MSG } from './messages.js';

// Apart from posts.ts, which the home page's first load holds for its lists: only the forms check a tag.

/** The characters a tag may have (SPEC section 5); the ask schema is in posts-schemas.ts. */
export const TAG_CHARS = /^[A-Za-z0-9 -]+$/;

/** The check made when a tag is added in the form ('Tag cannot be empty', ...); null when it may be added. */
export function tagAddError(raw: string, existing: readonly string[]): string | null {
  const tag = raw.trim();
  if (!tag) return MSG.tagEmpty;
  if (tag.length < LIMITS.tags.min || tag.length > LIMITS.tags.maxLength) return MSG.tagLength;
  if (!TAG_CHARS.test(tag)) return MSG.tagChars;
  if (existing.some((t) => t.toLowerCase() === tag.toLowerCase())) return MSG.tagDuplicate;
  if (existing.length >= LIMITS.tags.max) return MSG.tagsMax;
  return null;
}
