import { useSearchParams } from 'react-router';
import { parseFilter, parseSort, parseTopic } from '@fenestra/shared';
import { PageHeading } from '../../components/ui/page-heading';
import { useDocumentTitle } from '../../lib/use-document-title';
import { DiscussionCount } from '../../features/posts/components/discussion-count';
import { DiscussionList } from '../../features/posts/components/discussion-list';
import { ListFilters, type ListSelection } from '../../features/posts/components/list-filters';

/** The dropdowns and the sidebar's links both drive the list through the URL: ?topic=&filter=&sort=. */
export function HomeRoute() {
  useDocumentTitle();
  const [params, setParams] = useSearchParams();
  const selection: ListSelection = {
    topic: parseTopic(params.get('topic')),
    filter: parseFilter(params.get('filter')),
    sort: parseSort(params.get('sort')),
  };

  function select(next: ListSelection) {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        const set = (key: string, value: string | null, fallback: string | null) =>
          value && value !== fallback ? updated.set(key, value) : updated.delete(key);
        set('topic', next.topic, null);
        set('filter', next.filter, 'all');
        set('sort', next.sort, 'recent');
        return updated;
      },
      { replace: true },
    );
  }

  return (
    <section>
      <PageHeading title="Community Discussions">
        <DiscussionCount {...selection} />
      </PageHeading>
      <div className="mb-6">
        <ListFilters {...selection} onChange={select} />
      </div>
      <DiscussionList {...selection} />
    </section>
  );
}
