import { describe, expect, it } from 'vitest';
import type { PostSummary } from '@fenestra/shared';
import { answerJson } from '../lib/contract-json.js';
import { listWithMarks, markedList, type ListValue } from './marked-lists.js';
import type { CachedBody } from './public-cache.js';

const post = (id: string, title: string): PostSummary =>
  ({
    id,
    topic: 'windows',
    title,
    preview: `A preview with "quotes", a brace } and ,"liked":false in it`,
    status: 'open',
    createdAt: '2026-11-27T06:00:00.000Z',
    tags: ['crank'],
    images: [],
    video: null,
    replyCount: 1,
    voteCount: 2,
    bookmarkCount: 3,
    liked: true,
    bookmarked: true,
  }) as unknown as PostSummary;

const entryOf = (value: ListValue) => ({ value }) as CachedBody<ListValue>;
const posts = [post('p1', 'First'), post('p2', 'Second'), post('p3', 'Third')];
const visitor = (p: PostSummary) => ({ ...p, liked: false, bookmarked: false });

describe('a cached list with a member’s marks laid over it', () => {
  const tail = '],"nextCursor":"c2","total":3}';
  const { body, value } = markedList(
    '{"posts":[',
    posts.map((p) => ({ post: p })),
    tail,
  );

  it('is the visitor’s list as the contract writes it', () => {
    expect(body).toBe(answerJson.postList({ posts: posts.map(visitor), nextCursor: 'c2', total: 3 }));
  });

  it('sets each marked post’s likes and bookmarks, and only theirs', () => {
    const marked = listWithMarks(entryOf(value), { liked: new Set(['p2']), bookmarked: new Set(['p2', 'p3']) });
    expect(JSON.parse(marked!)).toEqual({
      posts: [
        visitor(posts[0]!),
        { ...visitor(posts[1]!), liked: true, bookmarked: true },
        { ...visitor(posts[2]!), bookmarked: true },
      ],
      nextCursor: 'c2',
      total: 3,
    });
    // An unmarked post is the cached visitor's JSON itself.
    expect(marked!.startsWith(`{"posts":[${value.posts[0]},`)).toBe(true);
  });

  it('changes nothing when the member marked none of the posts', () => {
    expect(listWithMarks(entryOf(value), { liked: new Set(), bookmarked: new Set(['other']) })).toBe(body);
    expect(listWithMarks(entryOf(value), { liked: new Set(), bookmarked: new Set() })).toBeNull();
  });

  it('keeps what a list writes around each post (a search result’s rank and title)', () => {
    const search = markedList(
      '{"results":[',
      posts.map((p) => ({ post: p, before: `{"rank":1,"title":"<mark>${p.title}</mark>","post":`, after: '}' })),
      '],"total":3}',
    );
    const marked = JSON.parse(listWithMarks(entryOf(search.value), { liked: new Set(['p3']), bookmarked: new Set() })!);
    expect(marked.total).toBe(3);
    expect(marked.results.map((r: { title: string; post: PostSummary }) => [r.title, r.post.liked])).toEqual([
      ['<mark>First</mark>', false],
      ['<mark>Second</mark>', false],
      ['<mark>Third</mark>', true],
    ]);
  });

  it('writes an empty list', () => {
    const empty = markedList('{"posts":[', [], '],"nextCursor":null,"total":0}');
    expect(JSON.parse(empty.body)).toEqual({ posts: [], nextCursor: null, total: 0 });
  });
});
