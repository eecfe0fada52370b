import type { Query, QueryCache } from '@tanstack/react-query';
import { MAX_WATCHED_POSTS } from '@fenestra/shared';
import { queryKeys } from '../query-keys';

type PostsPage = { posts?: unknown };

const idsIn = (posts: unknown): string[] =>
  Array.isArray(posts)
    ? posts.flatMap((post) =>
        post && typeof (post as { id?: unknown }).id === 'string' ? [(post as { id: string }).id] : [],
      )
    : [];

/** The post ids a query on screen shows: a post page (['post', id]) or a list of posts, paged or not. */
function postIdsOf(query: Query): string[] {
  const [kind, id] = query.queryKey;
  if (kind === queryKeys.post.all[0] && typeof id === 'string') return [id];
  const data = query.state.data as { posts?: unknown; pages?: PostsPage[] } | unknown[] | undefined;
  if (!data || typeof data !== 'object') return [];
  if (Array.isArray(data)) return idsIn(data);
  if (Array.isArray(data.pages)) return data.pages.flatMap((page) => idsIn(page?.posts));
  return idsIn(data.posts);
}

/**
 * The posts this tab shows, read from the queries that have a component on screen: the open post
 * first, then lists, at most 20 (the stream's limit).
 */
export function watchedPostIds(cache: QueryCache): string[] {
  const active = cache.getAll().filter((query) => query.getObserversCount() > 0);
  const pages = active.filter((query) => query.queryKey[0] === queryKeys.post.all[0]);
  const rest = active.filter((query) => query.queryKey[0] !== queryKeys.post.all[0]);
  const ids = new Set([...pages, ...rest].flatMap(postIdsOf));
  return [...ids].slice(0, MAX_WATCHED_POSTS);
}
