import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MSG, TOPICS, TOPIC_LABELS, foundResults, type SearchResult, type SearchResults } from '@fenestra/shared';
import { PagedList } from '../../../components/ui/paged-list';
import { paths } from '../../../config/paths';
import { useSearchPosts, type SearchParams } from '../api/search-posts';

interface SearchResultsProps {
  params: SearchParams;
  /** Each result as the route draws it (a post card with marked words). */
  renderResult: (result: SearchResult) => ReactNode;
  /** Where a suggested query goes (every topic and status: the filters may be why nothing was found). */
  hrefFor: (q: string) => string;
}

/** 'Searching...', 'Found N results' with the results and Load More, no results with suggestions, or a failure. */
export function SearchResultsList({ params, renderResult, hrefFor }: SearchResultsProps) {
  /** 'Did you mean' with the suggested query, when the first page has one. */
  const suggestion = (first: SearchResults | undefined) =>
    first?.didYouMean ? (
      <p className="text-fg">
        {MSG.didYouMean}{' '}
        <Link to={hrefFor(first.didYouMean)} className="font-medium text-link underline underline-offset-2">
          {first.didYouMean}
        </Link>
        ?
      </p>
    ) : null;

  return (
    <PagedList
      query={useSearchPosts(params)}
      itemsOf={(page) => page.results}
      loading={
        <p role="status" className="py-10 text-center text-muted">
          {MSG.searching}
        </p>
      }
      failedMessage={MSG.failedSearch}
      toastId="search-error"
      empty={(first) => (
        <div
          className="space-y-3 rounded-lg border border-dashed border-border-strong bg-surface p-6 sm:p-8"
          aria-labelledby="no-results-heading"
        >
          <h2 id="no-results-heading" className="text-lg font-semibold text-fg">
            {MSG.noResults}
          </h2>
          {suggestion(first)}
          <ul className="list-disc space-y-2 pl-5 text-muted">
            <li>
              Check the spelling, or try fewer or more general words (a part name, a brand, a number from a label).
            </li>
            <li>
              Browse a topic:{' '}
              {TOPICS.map((topic, i) => (
                <span key={topic}>
                  {i > 0 && ', '}
                  <Link to={paths.homeTopic(topic)} className="text-link underline underline-offset-2">
                    {TOPIC_LABELS[topic]}
                  </Link>
                </span>
              ))}
              .
            </li>
            <li>
              Still stuck?{' '}
              <Link to={paths.ask} className="font-medium text-link underline underline-offset-2">
                Ask a question
              </Link>{' '}
              with photos of the part.
            </li>
          </ul>
        </div>
      )}
      loadMoreLabel="Load More Results"
      className="space-y-4"
    >
      {(results, first) => (
        <>
          <div className="space-y-1">
            <p role="status" className="font-medium text-fg">
              {foundResults(first.total, first.totalCapped)}
            </p>
            {suggestion(first)}
          </div>
          <ul className="space-y-4" aria-label="Search results">
            {results.map((result) => (
              <li key={result.post.id}>{renderResult(result)}</li>
            ))}
          </ul>
        </>
      )}
    </PagedList>
  );
}
