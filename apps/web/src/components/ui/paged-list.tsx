import { useEffect, type ReactNode } from 'react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import { ListEmpty, ListRetry } from './list-states';
import { LoadMore } from './load-more';

interface PagedListProps<Page, Item> {
  query: UseInfiniteQueryResult<InfiniteData<Page>>;
  /** The items of one page. */
  itemsOf: (page: Page) => Item[];
  /** Shown while the first page loads. */
  loading: ReactNode;
  /** Toasted once per failure (under `toastId`), and shown beside a Retry button. */
  failedMessage: string;
  toastId: string;
  /** When there is nothing: a text, or what the first page says (search's suggestions). */
  empty: string | ((first: Page | undefined) => ReactNode);
  /** The Load More button's label. */
  loadMoreLabel: string;
  /** The list wrapper's classes. */
  className?: string;
  /** The items drawn, with the first page (a search heads its results with their count). */
  children: (items: Item[], first: Page) => ReactNode;
}

/**
 * A paged list's states, one place for every list: loading, failed (a toast and Retry, which loads the page that
 * failed), empty, and the items with 'Load More' (or a Retry when the next page failed).
 */
export function PagedList<Page, Item>({
  query,
  itemsOf,
  loading,
  failedMessage,
  toastId,
  empty,
  loadMoreLabel,
  className,
  children,
}: PagedListProps<Page, Item>) {
  const {
    data,
    isPending,
    isError,
    errorUpdatedAt,
    hasNextPage,
    isFetchingNextPage,
    fetchNextPage,
    refetch,
    isRefetching,
  } = query;

  useEffect(() => {
    if (isError) toast.error(failedMessage, { id: toastId });
  }, [isError, errorUpdatedAt, failedMessage, toastId]);

  if (isPending && !isError) return loading;

  const first = data?.pages[0];
  const items = data?.pages.flatMap(itemsOf) ?? [];
  const retry = (
    <ListRetry
      message={failedMessage}
      onRetry={() => (hasNextPage && items.length > 0 ? fetchNextPage() : refetch())}
      busy={isRefetching}
    />
  );

  if (!first || items.length === 0) {
    if (isError) return retry;
    return typeof empty === 'string' ? <ListEmpty>{empty}</ListEmpty> : empty(first);
  }

  return (
    <div className={className}>
      {children(items, first)}
      <LoadMore
        label={loadMoreLabel}
        hasNextPage={Boolean(hasNextPage)}
        isFetchingNextPage={isFetchingNextPage}
        isError={isError}
        fetchNextPage={fetchNextPage}
        retry={retry}
      />
    </div>
  );
}
