import { screen } from '@testing-library/react';
import type { PostList, PostSummary } from '@fenestra/shared';

let next = 0;

/** A public, open post by casey, two hours old, with no media; override what a test is about. */
export function makePost(overrides: Partial<PostSummary> = {}): PostSummary {
  next += 1;
  return {
    id: `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    topic: 'windows',
    title: `Casement window crank stripped ${next}`,
    preview: 'The crank on my casement window spins without opening it. The operator is stamped with a part number...',
    status: 'open',
    denialReason: null,
    createdAt: new Date(Date.now() - 2 * 3600 * 1000).toISOString(),
    author: { id: 'author-1', username: 'casey', avatarUrl: null },
    tags: [],
    images: [],
    video: null,
    replyCount: 0,
    voteCount: 0,
    bookmarkCount: 0,
    editedAt: null,
    answeredBy: null,
    liked: false,
    bookmarked: false,
    ...overrides,
  };
}

export function pageOf(
  posts: PostSummary[],
  { nextCursor = null, total = posts.length }: { nextCursor?: string | null; total?: number } = {},
): PostList {
  return { posts, nextCursor, total };
}

/** The query strings of every GET the fetch mock saw for a path. */
export function requestedQueries(fetchMock: { mock: { calls: unknown[][] } }, pathname: string): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input, init]) => ({
      url: new URL(String(input), 'http://localhost'),
      method: (init as RequestInit | undefined)?.method ?? 'GET',
    }))
    .filter(({ url, method }) => method === 'GET' && url.pathname === pathname)
    .map(({ url }) => url.searchParams);
}

/** Every request the fetch mock saw, as 'METHOD /path'. */
export function requestKeys(fetchMock: { mock: { calls: unknown[][] } }): string[] {
  return fetchMock.mock.calls.map(
    ([input, init]) =>
      `${(init as RequestInit | undefined)?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}`,
  );
}

/** The card at `index` of the list on screen, once it shows. */
export async function findCard(index = 0): Promise<HTMLElement> {
  const card = (await screen.findAllByRole('article'))[index];
  if (!card) throw new Error(`No card at ${index}`);
  return card;
}
