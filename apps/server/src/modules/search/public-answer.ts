import type { SearchResults } from '@fenestra/shared';
import { JSON_TYPE, TAGS, type BodyFill } from '../../cache/public-cache.js';
import { markedList, unique, type ListValue } from '../../cache/marked-lists.js';

// A search answer as a public-read cache entry (decision 022): the visitor's answer, in segments a member's likes and
// bookmarks are laid over (cache/marked-lists), dropped by any change to a post or reply (TAGS.search).

export function searchFill(answer: SearchResults): BodyFill<ListValue> {
  const items = answer.results.map(({ post, rank, title, preview }) => ({
    post,
    before: `{"rank":${JSON.stringify(rank)},"title":${JSON.stringify(title)},"preview":${JSON.stringify(preview)},"post":`,
    after: '}',
  }));
  const tail = `],"nextCursor":${JSON.stringify(answer.nextCursor)},"total":${answer.total},"totalCapped":${answer.totalCapped},"didYouMean":${JSON.stringify(answer.didYouMean)}}`;
  const { body, value } = markedList('{"results":[', items, tail);
  return {
    body,
    type: JSON_TYPE,
    tags: [
      TAGS.search,
      ...answer.results.map((r) => TAGS.post(r.post.id)),
      ...unique(answer.results.map((r) => r.post.author.id)).map(TAGS.member),
    ],
    value,
  };
}
