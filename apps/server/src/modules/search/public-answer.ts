import type { SearchResults } from '@fenestra/shared';
import { JSON_TYPE, TAGS, type BodyFill } from '../../cache/public-cache.js';
import { unique, visitorPostJson, type ListValue } from '../../cache/marked-lists.js';

// A search answer as a public-read cache entry (decision 022): the visitor's answer, in parts a member's likes and
// bookmarks are laid over (cache/marked-lists), dropped by any change to a post or reply (TAGS.search).

/** Each result's post last, so its JSON ends with the visitor's marks followed by the result's closing brace. */
const AFTER_POST = '}';

export function searchFill(answer: SearchResults): BodyFill<ListValue> {
  const parts = answer.results.map(({ post, rank, title, preview }) =>
    `{"rank":${JSON.stringify(rank)},"title":${JSON.stringify(title)},"preview":${JSON.stringify(preview)},"post":${visitorPostJson(post)}${AFTER_POST}`);
  const head = '{"results":[';
  const tail = `],"nextCursor":${JSON.stringify(answer.nextCursor)},"total":${answer.total},"totalCapped":${answer.totalCapped},"didYouMean":${JSON.stringify(answer.didYouMean)}}`;
  return {
    body: `${head}${parts.join(',')}${tail}`,
    type: JSON_TYPE,
    tags: [TAGS.search, ...answer.results.map((r) => TAGS.post(r.post.id)), ...unique(answer.results.map((r) => r.post.author.id)).map(TAGS.member)],
    value: { ids: answer.results.map((r) => r.post.id), parts, head, tail, after: AFTER_POST },
  };
}
