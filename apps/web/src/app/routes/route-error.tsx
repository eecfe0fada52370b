import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { MSG } from '@fenestra/shared';
import { Button } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';

/** The router's errorElement: SPEC's generic fallback heading, with a way home. */
export function RouteErrorRoute() {
  const error = useRouteError();
  useDocumentTitle('Error');
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : null;
  return (
    <section role="alert" className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold tracking-tight text-fg">{MSG.unexpectedError}</h1>
      {detail && <p className="mt-3 text-muted">{detail}</p>}
      <Button asChild className="mt-6">
        <Link to={paths.home} reloadDocument>
          Go back home
        </Link>
      </Button>
    </section>
  );
}
