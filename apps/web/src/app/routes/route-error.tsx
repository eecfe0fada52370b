import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { MSG } from '@fenestra/shared';
import { Button } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { isStaleChunkError } from '../../lib/stale-chunk';
import { useDocumentTitle } from '../../lib/use-document-title';

/** The router's errorElement: SPEC's fallback heading, what happened in the forum's words, and a way on. */
export function RouteErrorRoute() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const stale = isStaleChunkError(error);
  useDocumentTitle(notFound ? 'Page not found' : 'Error');
  const heading = notFound ? MSG.notFound : MSG.unexpectedError;
  const explanation = notFound ? null : stale ? MSG.newVersion : MSG.pageFailed;
  return (
    <section role="alert" className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold tracking-tight text-fg">{heading}</h1>
      {explanation && <p className="mt-3 text-muted">{explanation}</p>}
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {!notFound && (
          <Button onClick={() => window.location.reload()}>{stale ? 'Reload' : 'Try again'}</Button>
        )}
        <Button asChild variant={notFound ? 'primary' : 'secondary'}>
          <Link to={paths.home} reloadDocument>
            Go back home
          </Link>
        </Button>
      </div>
    </section>
  );
}
