import { Link } from 'react-router';
import { MSG } from '@fenestra/shared';
import { Button } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';

export function NotFoundRoute() {
  useDocumentTitle('Page not found');
  return (
    <section className="py-16 text-center">
      <p className="text-5xl font-bold text-muted">404</p>
      <h1 className="mt-4 text-2xl font-semibold tracking-tight">{MSG.notFound}</h1>
      <p className="mt-2 text-muted">The page you were looking for does not exist or has moved.</p>
      <Button asChild className="mt-6">
        <Link to={paths.home}>Return to Home</Link>
      </Button>
    </section>
  );
}
