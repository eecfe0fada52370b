import type { ReactNode } from 'react';
import { Button } from './button';

interface LoadMoreProps {
  label: string;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isError: boolean;
  fetchNextPage: () => unknown;
  /** Shown instead of the button when the next page failed. */
  retry: ReactNode;
}

/** The foot of a paged list: 'Load More …', 'Loading...' while it loads, or a retry when it failed. */
export function LoadMore({ label, hasNextPage, isFetchingNextPage, isError, fetchNextPage, retry }: LoadMoreProps) {
  if (isError && !isFetchingNextPage) return <div className="mt-6">{retry}</div>;
  if (!hasNextPage) return null;
  return (
    <div className="mt-6 flex justify-center">
      <Button variant="secondary" size="lg" onClick={() => fetchNextPage()} disabled={isFetchingNextPage}>
        {isFetchingNextPage ? 'Loading...' : label}
      </Button>
    </div>
  );
}
