import { Link, useParams } from 'react-router';
import { CheckCircle2, Pin, Rss } from 'lucide-react';
import { FEED_PATHS, MSG, partNumberKey } from '@fenestra/shared';
import { PageHeading } from '../../components/ui/page-heading';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api-client';
import { useMe } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { usePart } from '../../features/parts/api/part';
import { PartStaffPanel } from '../../features/parts/components/part-staff-panel';
import { StatusBadge } from '../../features/posts/components/status-badge';
import { NotFoundRoute } from './not-found';

/**
 * /parts/:number: a part number's page (drawn by the server first, decision 034): its name and category, its photos,
 * the public questions about it (solved first, with their accepted or pinned answer quoted) and similar parts.
 */
export function PartRoute() {
  const key = partNumberKey(useParams().number ?? '');
  const { me } = useMe();
  const { data, isPending, error } = usePart(key);
  const title = data ? (data.part.name ? `${data.part.number} ${data.part.name}` : `Part ${data.part.number}`) : 'Part';
  useDocumentTitle(title);
  if (error instanceof ApiError && error.status === 404) return <NotFoundRoute />;
  if (isPending) return <p className="text-muted">Loading part...</p>;
  if (!data) return <p className="text-muted">{error ? error.message : MSG.partNotFound}</p>;
  const { part, photos, questions, similar } = data;
  return (
    <article>
      <PageHeading title={title}>
        <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <span>
            Part number <strong className="font-mono text-fg">{part.number}</strong>
          </span>
          {part.category && <span>Category: {part.category}</span>}
          {part.name && <span>{part.namedByStaff ? 'Named by staff' : 'As read from photos'}</span>}
          {part.mergedNumbers.length > 0 && <span>Also written {part.mergedNumbers.join(', ')}</span>}
          <a
            href={FEED_PATHS.part(part.key, 'rss')}
            className="inline-flex items-center gap-1 underline underline-offset-2"
          >
            <Rss className="size-3.5" aria-hidden />
            RSS feed
          </a>
          <a href={FEED_PATHS.part(part.key, 'atom')} className="underline underline-offset-2">
            Atom feed
          </a>
        </span>
      </PageHeading>

      {photos.length > 0 && (
        <section aria-labelledby="part-photos" className="mb-8">
          <h2 id="part-photos" className="mb-3 text-lg font-semibold">
            Photos
          </h2>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {photos.map((photo) => (
              <li key={photo.id}>
                <Link to={paths.post(photo.postId)} className="block overflow-hidden rounded-md border border-border">
                  <img
                    src={photo.imageUrl}
                    alt={photo.alt}
                    loading="lazy"
                    className="aspect-square w-full object-cover"
                  />
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="part-questions" className="mb-8">
        <h2 id="part-questions" className="mb-3 text-lg font-semibold">
          Questions about {part.number}
        </h2>
        <ul className="space-y-3">
          {questions.map((question) => (
            <li key={question.id} className="rounded-lg border border-border bg-surface p-4">
              <div className="flex flex-wrap items-center gap-2">
                <StatusBadge status={question.status} />
                <Link to={paths.post(question.id)} className="font-medium text-fg underline-offset-2 hover:underline">
                  {question.title}
                </Link>
                <span className="text-sm text-muted">
                  {question.replyCount === 1 ? '1 reply' : `${question.replyCount} replies`}
                </span>
              </div>
              {question.answer && (
                <blockquote className="mt-2 border-l-2 border-border pl-3 text-sm text-muted">
                  <p className="flex items-center gap-1 font-medium text-fg">
                    {question.answer.kind === 'accepted' ? (
                      <CheckCircle2 className="size-4 text-emerald-700 dark:text-emerald-400" aria-hidden />
                    ) : (
                      <Pin className="size-4" aria-hidden />
                    )}
                    {question.answer.kind === 'accepted' ? 'Accepted answer' : 'Pinned answer'} by{' '}
                    {question.answer.author}
                  </p>
                  <p className="mt-1 break-words">{question.answer.text}</p>
                </blockquote>
              )}
            </li>
          ))}
        </ul>
      </section>

      {similar.length > 0 && (
        <section aria-labelledby="part-similar">
          <h2 id="part-similar" className="mb-3 text-lg font-semibold">
            Similar parts
          </h2>
          <ul className="flex flex-wrap gap-2">
            {similar.map((other) => (
              <li key={other.key}>
                <Link
                  to={paths.part(other.key)}
                  className="inline-block rounded-full border border-border bg-surface-muted px-3 py-1 text-sm text-fg hover:border-primary"
                >
                  <span className="font-mono">{other.number}</span>
                  {other.name && <span className="text-muted"> {other.name}</span>}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}

      {me?.isStaff && <PartStaffPanel key={`${part.key}:${part.name}:${part.category}`} part={part} />}
    </article>
  );
}
