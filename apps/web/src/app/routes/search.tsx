import { useSearchParams } from 'react-router';
import { PageHeading } from '../../components/ui/page-heading';
import { SearchForm } from '../../features/search/components/search-form';
import { useDocumentTitle } from '../../lib/use-document-title';

export function SearchRoute() {
  const [params] = useSearchParams();
  const query = params.get('q')?.trim() ?? '';
  useDocumentTitle(query ? `Search: ${query}` : 'Search');
  return (
    <section>
      <PageHeading title="Search" />
      {/* Keyed by the query so the box shows a new search made from the header. */}
      <SearchForm key={query} initial={query} />
      {query && (
        <div className="mt-6" aria-live="polite">
          <p className="font-medium">Results for “{query}”</p>
          <p className="mt-1 text-muted">Search results are coming soon.</p>
        </div>
      )}
    </section>
  );
}
