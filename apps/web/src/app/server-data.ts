import type { QueryClient } from '@tanstack/react-query';
import { parseFilter, parseSort, parseTopic, type PostList } from '@fenestra/shared';
import { queryKeys } from '../lib/query-keys';

// The pages the server renders (the home list, a post and a part page, docs/decisions/013 and 034) and the API reads each needs, keyed
// as the page's own queries: the server answers them, the HTML carries them, and the browser starts with them,
// so nothing is fetched twice.

/** One read: the query's key, the API path that answers it, and how its answer is stored. */
export interface ServerRead {
  key: readonly unknown[];
  path: string;
  /** `{ me }` is stored as `me`; a list page as an infinite query's first page. */
  as?: 'me' | 'first-page';
}

/** A read's answer as the query cache holds it. */
export interface ServerData {
  key: readonly unknown[];
  data: unknown;
}

const frame: ServerRead[] = [
  { key: queryKeys.me, path: '/api/me', as: 'me' },
  { key: queryKeys.config, path: '/api/config' },
];

/** What `pathname?search` needs, or null for a page rendered in the browser only. */
export function serverReads(pathname: string, search: string): ServerRead[] | null {
  if (pathname === '/') {
    const params = new URLSearchParams(search);
    const list = {
      scope: 'public' as const,
      filter: parseFilter(params.get('filter')),
      topic: parseTopic(params.get('topic')),
      sort: parseSort(params.get('sort')),
    };
    const query = new URLSearchParams({ scope: list.scope, filter: list.filter, sort: list.sort });
    if (list.topic) query.set('topic', list.topic);
    return [...frame, { key: queryKeys.posts.list(list), path: `/api/posts?${query}`, as: 'first-page' }];
  }
  // The not-found page the server draws for any missing address: the header and sidebar only.
  if (pathname === '/404') return frame;
  const part = /^\/parts\/([^/]+)$/.exec(pathname);
  if (part) {
    const key = decodeURIComponent(part[1]!);
    return [...frame, { key: queryKeys.posts.part(key), path: `/api/parts/${encodeURIComponent(key)}` }];
  }
  const post = /^\/post\/([^/]+)(?:\/[^/]+)?$/.exec(pathname);
  if (post && !pathname.endsWith('/edit')) {
    const id = post[1]!;
    const at = `/api/posts/${encodeURIComponent(id)}`;
    return [
      ...frame,
      { key: queryKeys.post.one(id), path: at },
      { key: queryKeys.replies.of(id), path: `${at}/replies`, as: 'first-page' },
      { key: queryKeys.posts.similar(id), path: `${at}/similar` },
    ];
  }
  return null;
}

/** An API answer as its query stores it. */
export function asQueryData(read: ServerRead, answer: unknown): unknown {
  if (read.as === 'me') return (answer as { me: unknown }).me;
  if (read.as === 'first-page') return { pages: [answer as PostList], pageParams: [null] };
  return answer;
}

/** Puts the server's answers in a query cache. */
export function seedQueries(client: QueryClient, data: readonly ServerData[]): void {
  for (const { key, data: value } of data) client.setQueryData(key, value);
}
