import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider, useInfiniteQuery } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ToastHost } from '../../app/providers';
import { PagedList } from './paged-list';

type Page = { names: string[]; next: number | null };

function Names({ load }: { load: (page: number) => Promise<Page> }) {
  const query = useInfiniteQuery({
    queryKey: ['names'],
    queryFn: ({ pageParam }) => load(pageParam),
    initialPageParam: 0,
    getNextPageParam: (page: Page) => page.next,
  });
  return (
    <PagedList
      query={query}
      itemsOf={(page) => page.names}
      loading={<p>Loading names</p>}
      failedMessage="Failed to load names"
      toastId="names"
      empty="No names yet."
      loadMoreLabel="Load More Names"
    >
      {(names) => (
        <ul aria-label="Names">
          {names.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      )}
    </PagedList>
  );
}

const renderNames = (load: (page: number) => Promise<Page>) => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ToastHost />
      <Names load={load} />
    </QueryClientProvider>,
  );
};

describe('a paged list', () => {
  it('loads, shows its items and Load More; a next page that fails keeps the items and Retry loads that page', async () => {
    const user = userEvent.setup();
    let failSecond = true;
    const load = vi.fn(async (page: number): Promise<Page> => {
      if (page === 0) return { names: ['ada', 'bo'], next: 1 };
      if (failSecond) throw new Error('offline');
      return { names: ['cy'], next: null };
    });
    renderNames(load);
    expect(screen.getByText('Loading names')).toBeInTheDocument();
    expect(await screen.findByText('bo')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load More Names' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load names');
    expect(await screen.findAllByText('Failed to load names')).toHaveLength(2);
    expect(screen.getByText('ada')).toBeInTheDocument();

    failSecond = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('cy')).toBeInTheDocument();
    expect(load.mock.calls.map(([page]) => page)).toEqual([0, 1, 1]);
    expect(screen.queryByRole('button', { name: 'Load More Names' })).not.toBeInTheDocument();
  });

  it('says when there is nothing', async () => {
    renderNames(async () => ({ names: [], next: null }));
    expect(await screen.findByText('No names yet.')).toBeInTheDocument();
  });

  it('offers Retry when the first page fails', async () => {
    renderNames(async () => {
      throw new Error('offline');
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load names');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
