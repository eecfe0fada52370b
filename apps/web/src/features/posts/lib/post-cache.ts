import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { PostSummary } from '@fenestra/shared';
import { queryKeys } from '../../../lib/query-keys';

/** The fields a like or bookmark changes; a list card and the post page both carry them. */
type ToggleFields = Pick<PostSummary, 'id' | 'liked' | 'voteCount' | 'bookmarked' | 'bookmarkCount'>;
type PostPatch = (post: ToggleFields) => Partial<ToggleFields>;

function isPost(value: unknown, postId: string): value is ToggleFields {
  return (
    typeof value === 'object' && value !== null && (value as { id?: unknown }).id === postId && 'voteCount' in value
  );
}

function patchPosts(posts: unknown, postId: string, patch: PostPatch): unknown {
  if (!Array.isArray(posts)) return posts;
  let changed = false;
  const next = posts.map((post: unknown) => {
    if (!isPost(post, postId)) return post;
    changed = true;
    return { ...post, ...patch(post) };
  });
  return changed ? next : posts;
}

/** The same data with the post patched, or the very same object when it holds no such post. */
function patchData(data: unknown, postId: string, patch: PostPatch): unknown {
  if (typeof data !== 'object' || data === null) return data;
  if (isPost(data, postId)) return { ...data, ...patch(data) };
  if ('pages' in data && Array.isArray(data.pages)) {
    let changed = false;
    const pages = data.pages.map((page: unknown) => {
      const next = patchData(page, postId, patch);
      if (next !== page) changed = true;
      return next;
    });
    return changed ? { ...data, pages } : data;
  }
  if ('posts' in data) {
    const posts = patchPosts(data.posts, postId, patch);
    return posts === data.posts ? data : { ...data, posts };
  }
  return data;
}

export type CacheSnapshot = [QueryKey, unknown][];

/**
 * Patches the post wherever it is cached: every list (['posts', ...], ['bookmarks'], search, ...),
 * infinite or not, and its detail (['post', id]). Returns what it replaced, for a rollback.
 */
export function patchCachedPost(client: QueryClient, postId: string, patch: PostPatch): CacheSnapshot {
  const snapshot: CacheSnapshot = [];
  for (const query of client.getQueryCache().getAll()) {
    const before = query.state.data;
    const after = patchData(before, postId, patch);
    if (after !== before) {
      snapshot.push([query.queryKey, before]);
      client.setQueryData(query.queryKey, after);
    }
  }
  return snapshot;
}

export function restoreSnapshot(client: QueryClient, snapshot: CacheSnapshot | undefined): void {
  for (const [key, data] of snapshot ?? []) client.setQueryData(key, data);
}

/**
 * Stops an in-flight read of the post page so it cannot overwrite an optimistic change. Lists are left
 * alone: cancelling one would drop a 'Load More' page being fetched, and the server's answer is patched
 * in afterwards anyway.
 */
export async function cancelPostRead(client: QueryClient, postId: string): Promise<void> {
  await client.cancelQueries({ queryKey: queryKeys.post.one(postId) });
}
