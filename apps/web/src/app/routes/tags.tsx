import { Link } from 'react-router';
import { PageHeading } from '../../components/ui/page-heading';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useTags } from '../../lib/tags-query';

/** /tags: every tag on public questions, most used first, each a link to its questions. */
export function TagsRoute() {
  useDocumentTitle('Tags');
  const { data, isPending, isError } = useTags();
  return (
    <section>
      <PageHeading title="Tags">Every tag on the community's questions, most used first.</PageHeading>
      {isPending && <p className="text-muted">Loading tags...</p>}
      {isError && <p className="text-muted">Failed to load tags</p>}
      {data && data.tags.length === 0 && <p className="text-muted">No tags yet</p>}
      {data && data.tags.length > 0 && (
        <ul aria-label="Tags" className="flex flex-wrap gap-2">
          {data.tags.map(({ tag, count }) => (
            <li key={tag}>
              <Link
                to={paths.tag(tag)}
                className="inline-flex items-center gap-1.5 rounded-full border border-border bg-surface-muted px-3 py-1 text-sm text-fg hover:border-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                #{tag}
                <span className="text-muted">
                  {count} {count === 1 ? 'question' : 'questions'}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
