import type { ReactNode } from 'react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { PostList } from '@fenestra/shared';

export interface PostListTexts {
  emptyMessage: string;
  failedMessage: string;
  /** The list's accessible name. */
  label: string;
}

/** Draws a paginated list of posts with Load More: the route hands in the posts feature's feed. */
export type PostListRenderer = (
  query: UseInfiniteQueryResult<InfiniteData<PostList>>,
  texts: PostListTexts,
) => ReactNode;
