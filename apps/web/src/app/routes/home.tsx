import { useNavigate, useSearchParams } from 'react-router';
import { parseFilter, parseSort, parseTopic } from '@fenestra/shared';
import { PageHeading } from '../../components/ui/page-heading';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { DiscussionCount } from '../../features/posts/components/discussion-count';
import { DiscussionList } from '../../features/posts/components/discussion-list';
import { ListFilters, type ListSelection } from '../../features/posts/components/list-filters';
import { NewQuestionsBar } from '../../features/posts/components/new-questions-bar';

/** The dropdowns and the sidebar's links both drive the list through the URL: ?topic=&filter=&sort=. Each change is a history entry, so Back undoes it. */
export function HomeRoute() {
  useDocumentTitle();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const selection: ListSelection = {
    topic: parseTopic(params.get('topic')),
    filter: parseFilter(params.get('filter')),
    sort: parseSort(params.get('sort')),
  };

  const select = (next: ListSelection) => navigate(paths.homeList(next));

  return (
    <section>
      <PageHeading title="Community Discussions">
        <DiscussionCount {...selection} />
      </PageHeading>
      <div className="mb-6">
        <ListFilters {...selection} onChange={select} />
      </div>
      <NewQuestionsBar
        key={`${selection.topic}-${selection.filter}`}
        topic={selection.topic}
        filter={selection.filter}
        listLabel="Discussions"
      />
      <DiscussionList {...selection} />
    </section>
  );
}
