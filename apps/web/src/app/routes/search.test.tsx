import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MSG, type SearchResult, type SearchResults } from '@fenestra/shared';
import { member, moderator, renderApp } from '../../test/render-app';
import { makePost, requestedQueries } from '../../features/posts/testing/post-fixtures';

const resultOf = (title: SearchResult['title'], over = {}): SearchResult => {
  const post = makePost({ title: title.map((s) => s.text).join(''), ...over });
  return { post, rank: 0.5, title, preview: [{ text: post.preview, match: false }] };
};
const answer = (results: SearchResult[], over: Partial<SearchResults> = {}): { body: SearchResults } => ({
  body: { results, nextCursor: null, total: results.length, totalCapped: false, didYouMean: null, ...over },
});

describe('search page', () => {
  it('draws results as post cards with the matched words marked, member text as text', async () => {
    renderApp('/search?q=crank', {
      handlers: {
        'GET /api/search': answer([
          resultOf([
            { text: '<b>Casement</b> ', match: false },
            { text: 'crank', match: true },
            { text: ' stripped', match: false },
          ]),
        ]),
      },
    });
    expect(await screen.findByText('Found 1 result')).toBeInTheDocument();
    const card = within(screen.getByRole('list', { name: 'Search results' })).getByRole('article');
    const link = within(card).getByRole('heading').querySelector('a')!;
    expect(link).toHaveTextContent('<b>Casement</b> crank stripped');
    expect(link.querySelector('mark')).toHaveTextContent('crank');
    expect(link.querySelector('b')).toBeNull();
  });

  it("says 'Found 1,000+ results' past a thousand and offers Load More", async () => {
    renderApp('/search?q=hinge', {
      handlers: {
        'GET /api/search': answer([resultOf([{ text: 'Hinge', match: true }])], {
          total: 1000,
          totalCapped: true,
          nextCursor: 'abc',
        }),
      },
    });
    expect(await screen.findByText('Found 1,000+ results')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Load More Results' })).toBeInTheDocument();
  });

  it('shows the no-results state with Did you mean, topics and asking', async () => {
    renderApp('/search?q=casment&topic=doors', {
      handlers: { 'GET /api/search': answer([], { didYouMean: 'casement' }) },
    });
    const state = (await screen.findByRole('heading', { name: MSG.noResults })).parentElement!;
    expect(within(state).getByRole('link', { name: 'casement' })).toHaveAttribute('href', '/search?q=casement');
    expect(within(state).getByRole('link', { name: 'Glazing' })).toHaveAttribute('href', '/?topic=glazing');
    expect(within(state).getByRole('link', { name: 'Ask a question' })).toHaveAttribute('href', '/ask');
  });

  it("says 'Failed to search posts' when the search fails", async () => {
    renderApp('/search?q=crank', { handlers: { 'GET /api/search': { status: 503, body: { message: 'away' } } } });
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.failedSearch);
  });

  it('filters by topic and status with the list labels; staff may also pick pending and denied', async () => {
    const { user, fetchMock } = renderApp('/search?q=crank', {
      me: member,
      handlers: { 'GET /api/search': answer([]) },
    });
    const status = await screen.findByLabelText('Status');
    expect(
      within(status)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All Posts', 'Open', 'Solved']);
    await user.selectOptions(screen.getByLabelText('Topic'), 'screens');
    await user.selectOptions(status, 'open');
    await screen.findByText(MSG.noResults);
    const last = requestedQueries(fetchMock, '/api/search').at(-1)!;
    expect(Object.fromEntries(last)).toEqual({ q: 'crank', topic: 'screens', status: 'open' });
  });

  it('gives staff the pending and denied statuses', async () => {
    renderApp('/search?q=crank&status=pending', { me: moderator, handlers: { 'GET /api/search': answer([]) } });
    const status = await screen.findByLabelText('Status');
    await within(status).findByRole('option', { name: 'Pending' });
    expect(
      within(status)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All Posts', 'Open', 'Solved', 'Pending', 'Denied']);
    expect(status).toHaveValue('pending');
  });
});
