import { useSearchParams } from 'react-router';
import {
  STAFF_SEARCH_STATUSES,
  SEARCH_STATUSES,
  parseSearchStatus,
  parseTopic,
  type SearchResult,
} from '@fenestra/shared';
import { PageHeading } from '../../components/ui/page-heading';
import { PostCard } from '../../features/posts/components/post-card';
import { HighlightedText } from '../../features/search/components/highlighted-text';
import { SearchFilters, type SearchSelection } from '../../features/search/components/search-filters';
import { SearchForm } from '../../features/search/components/search-form';
import { SearchResultsList } from '../../features/search/components/search-results';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useMe } from '../../lib/session';
import { paths } from '../../config/paths';
import { PartMatches } from '../../features/parts/components/part-matches';

// Results are the list's post cards, with the searched words marked in the title and preview.
const renderResult = (result: SearchResult) => (
  <PostCard
    post={result.post}
    title={<HighlightedText segments={result.title} />}
    preview={<HighlightedText segments={result.preview} />}
  />
);

/** /search?q=&topic=&status=: the form, the filters and the results, all driven by the address. */
export function SearchRoute() {
  const [params, setParams] = useSearchParams();
  const { me } = useMe();
  const query = params.get('q')?.trim() ?? '';
  const selection: SearchSelection = {
    topic: parseTopic(params.get('topic')),
    status: parseSearchStatus(params.get('status')),
  };
  const statuses = me?.isStaff ? SEARCH_STATUSES : SEARCH_STATUSES.filter((s) => !STAFF_SEARCH_STATUSES.includes(s));
  // A member never asks for what only staff may see (a stale address, say).
  const status = statuses.includes(selection.status) ? selection.status : 'all';
  useDocumentTitle(query ? `Search: ${query}` : 'Search');

  function select(next: SearchSelection) {
    const search = new URLSearchParams({ q: query });
    if (next.topic) search.set('topic', next.topic);
    if (next.status !== 'all') search.set('status', next.status);
    setParams(search, { replace: true });
  }

  return (
    <section>
      <PageHeading title="Search" />
      <div className="space-y-4">
        {/* Keyed by the query so the box shows a new search made from the header. */}
        <SearchForm key={query} initial={query} />
        <SearchFilters topic={selection.topic} status={status} statuses={statuses} onChange={select} />
      </div>
      {query && (
        <div className="mt-6">
          {/* A part number's page comes before the questions (decision 034). */}
          <PartMatches q={query} />
          <SearchResultsList
            params={{ q: query, topic: selection.topic, status }}
            renderResult={renderResult}
            hrefFor={paths.search}
          />
        </div>
      )}
    </section>
  );
}
