import { useEffect } from 'react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { PostList } from '@fenestra/shared';
import { toast } from '../../../lib/toast';
import { LoadMore } from '../../../components/ui/load-more';
import { ListEmpty, ListRetry } from '../../../components/ui/list-states';
import { PostCard } from './post-card';
import { PostCardSkeleton } from './post-card-skeleton';

interface PostFeedProps {
  query: UseInfiniteQueryResult<InfiniteData<PostList>>;
  emptyMessage: string;
  /** Toasted once per failure, and shown beside a Retry button. */
  failedMessage: string;
  /** The list's accessible name. */
  label: string;
}

/** Cards of a paginated list, with its loading, empty and error states and 'Load More Discussions'. */
export function PostFeed({ query, emptyMessage, failedMessage, label }: PostFeedProps) {
  const { data, isPending, isError, errorUpdatedAt, hasNextPage, isFetchingNextPage, fetchNextPage, refetch, isRefetching } = query;

  useEffect(() => {
    if (isError) toast.error(failedMessage, { id: `feed-error-${label}` });
  }, [isError, errorUpdatedAt, failedMessage, label]);

  if (isPending && !isError) {
    return (
      <div role="status" aria-label={`Loading ${label.toLowerCase()}`} className="space-y-4">
        <PostCardSkeleton />
        <PostCardSkeleton />
        <PostCardSkeleton />
      </div>
    );
  }

  const posts = data?.pages.flatMap((page) => page.posts) ?? [];
  const retry = (
    <ListRetry message={failedMessage} onRetry={() => (hasNextPage && posts.length > 0 ? fetchNextPage() : refetch())} busy={isRefetching} />
  );

  if (posts.length === 0) {
    if (isError) return retry;
    return <ListEmpty>{emptyMessage}</ListEmpty>;
  }

  return (
    <div>
      <ul className="space-y-4" aria-label={label}>
        {posts.map((post, index) => (
          <li key={post.id}>
            <PostCard post={post} firstInList={index === 0} />
          </li>
        ))}
      </ul>
      <LoadMore
        label="Load More Discussions"
        hasNextPage={Boolean(hasNextPage)}
        isFetchingNextPage={isFetchingNextPage}
        isError={isError}
        fetchNextPage={fetchNextPage}
        retry={retry}
      />
    </div>
  );
}
