import { Component, type ReactNode } from 'react';
import { Link } from 'react-router';
import { MSG } from '@fenestra/shared';
import { Button } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { isStaleChunkError } from '../../lib/stale-chunk';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSiteName } from '../../lib/public-config';

/** What a page that failed shows: SPEC's fallback heading, what happened in the forum's words, and a way on. */
export function RouteErrorRoute({ error }: { error: unknown }) {
  const stale = isStaleChunkError(error);
  const siteName = useSiteName();
  useDocumentTitle('Error');
  return (
    <section role="alert" className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold tracking-tight text-fg">{MSG.unexpectedError}</h1>
      <p className="mt-3 text-muted">{stale ? MSG.newVersion(siteName) : MSG.pageFailed}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>{stale ? 'Reload' : 'Try again'}</Button>
        <Button asChild variant="secondary">
          <Link to={paths.home} reloadDocument>
            Go back home
          </Link>
        </Button>
      </div>
    </section>
  );
}

/** Catches a page that throws (or whose code cannot load); a new `resetKey` (the location) tries again. */
export class RouteErrorBoundary extends Component<
  { children: ReactNode; resetKey?: string },
  { error: unknown; key?: string }
> {
  override state: { error: unknown; key?: string } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('unknown') };
  }

  static getDerivedStateFromProps(props: { resetKey?: string }, state: { error: unknown; key?: string }) {
    if (props.resetKey === state.key) return null;
    return { key: props.resetKey, error: state.key === undefined ? state.error : null };
  }

  override render() {
    return this.state.error ? <RouteErrorRoute error={this.state.error} /> : this.props.children;
  }
}
