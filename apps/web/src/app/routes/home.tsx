import { useSearchParams } from 'react-router';
import { TOPICS, TOPIC_LABELS, type Topic } from '@fenestra/shared';
import { PageHeading } from '../../components/ui/page-heading';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Which posts the list will show: filter solved/unsolved (anything else all), and a known topic. */
function describeSelection(filter: string | null, topic: string | null): string {
  const status = filter === 'solved' ? 'Solved posts' : filter === 'unsolved' ? 'Unsolved posts' : 'All posts';
  const known = (TOPICS as readonly string[]).includes(topic ?? '') ? TOPIC_LABELS[topic as Topic] : null;
  return known ? `${status} in ${known}` : status;
}

export function HomeRoute() {
  useDocumentTitle();
  const [params] = useSearchParams();
  return (
    <section>
      <PageHeading title="Community Discussions">{describeSelection(params.get('filter'), params.get('topic'))}</PageHeading>
      <p className="rounded-lg border border-dashed border-border-strong bg-surface p-6 text-muted">Questions are coming soon.</p>
    </section>
  );
}
