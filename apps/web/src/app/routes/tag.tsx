import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { parseFilter, parseSort, parseTopic } from '@fenestra/shared';
import { PageHeading } from '../../components/ui/page-heading';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { DiscussionList } from '../../features/posts/components/discussion-list';
import { ListFilters, type ListSelection } from '../../features/posts/components/list-filters';

/** /tags/:tag: the tag's public questions, with the home list's filters and sorts (?topic=&filter=&sort=). */
export function TagRoute() {
  const tag = (useParams().tag ?? '').toLowerCase();
  useDocumentTitle(`Questions tagged ${tag}`);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const selection: ListSelection = {
    topic: parseTopic(params.get('topic')),
    filter: parseFilter(params.get('filter')),
    sort: parseSort(params.get('sort')),
  };
  return (
    <section>
      <PageHeading title={`Questions tagged #${tag}`}>
        <Link to={paths.tags} className="text-sm underline underline-offset-2 hover:text-fg">
          All tags
        </Link>
      </PageHeading>
      <div className="mb-6">
        <ListFilters {...selection} onChange={(next) => navigate(paths.tagList(tag, next))} />
      </div>
      <DiscussionList {...selection} tag={tag} label={`Questions tagged ${tag}`} />
    </section>
  );
}
