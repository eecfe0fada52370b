// The words of search text (search and similar questions). Every word is plain text: quotes and backslashes are dropped,
// tsquery operators never reach to_tsquery unquoted, and '<' '>' become spaces so '<spline>' reads as spline.
const DROPPED = /['’‘\\]/g;
const SPACES = /[\s&|!():*"<>]+/u;
const MAX_WORDS = 24;

/** The words of a query, in order, lower-cased; nothing in them is syntax. */
export function queryWords(text: string): string[] {
  return text.normalize('NFKC').toLowerCase().replace(DROPPED, '').split(SPACES).filter(Boolean).slice(0, MAX_WORDS);
}
