import { Suspense, useEffect } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import type { Me } from '@fenestra/shared';
import { RequireMember } from '../features/auth/components/require-member';
import { UserMenu } from '../features/layout/components/header';
import { StaffNav } from '../features/layout/components/sidebar-nav';
import { HomeRoute } from './routes/home';
import { NotificationBell, RootRoute } from './routes/root';
import { RouteErrorBoundary } from './routes/route-error';
import { lazyPage, type LazyPage } from '../lib/stale-chunk';
import type { restPages } from './rest-routes';

// Declarative routes (<Routes>), not a data router: nothing here loads data (TanStack Query does), and the
// data router's code was 17 KB gzip of the home page's first load (docs/decisions/013).
// Pages other than the home list load on first visit (lazyPage), so a phone downloads only what it shows.

export const lazyPages = {
  NotFoundRoute: lazyPage(() => import('./routes/not-found'), 'NotFoundRoute'),
  PostRoute: lazyPage(() => import('./routes/post'), 'PostRoute'),
  EditPostRoute: lazyPage(() => import('./routes/edit-post'), 'EditPostRoute'),
  PartRoute: lazyPage(() => import('./routes/part'), 'PartRoute'),
} satisfies Record<string, LazyPage>;

/** Every other page's route, in a table loaded with the first of them shown (app/rest-routes.tsx). */
export const RestRoutes = lazyPage(() => import('./rest-routes'), 'RestRoutes');

/** The page components by name: lazy in the browser; tests and the server renderer pass them loaded. */
export type Pages = Record<keyof typeof lazyPages | keyof typeof restPages, React.ComponentType>;

/** The lazy page a path shows, if any (its code is fetched before the server's HTML is hydrated). */
export function lazyPageFor(pathname: string): LazyPage | null {
  if (/^\/post\/[^/]+(\/[^/]+)?\/?$/.test(pathname) && !/\/edit\/?$/.test(pathname)) return lazyPages.PostRoute;
  if (/^\/parts\/[^/]+\/?$/.test(pathname)) return lazyPages.PartRoute;
  if (pathname === NOT_FOUND_PATH) return lazyPages.NotFoundRoute;
  return null;
}

/**
 * Every lazy part of the page the server draws at `pathname` for `me`: the server loads them before it renders, the
 * browser before it hydrates. A part whose code is still loading leaves its boundary dehydrated, and a navigation (a
 * transition) that reaches that boundary waits for it: React 19 could leave a link's page waiting for good, with the
 * address changed and the old page on screen (docs/decisions/045). A lazy part the server draws belongs here.
 */
export function drawnParts(pathname: string, me: Me | null): Pick<LazyPage, 'preload'>[] {
  const page = lazyPageFor(pathname);
  return [
    ...(page ? [page] : []),
    // The header's and the sidebar's, members' and staff's only.
    ...(me ? [UserMenu, NotificationBell] : []),
    ...(me?.isStaff ? [StaffNav] : []),
  ];
}

/**
 * Where the server draws its 'Page not found' page for any missing address (it answers 404 or 410 there): the page
 * it sent says so (`data-drawn-at` on #root), and the first view shows that page at the address asked for.
 */
export const NOT_FOUND_PATH = '/404';

/**
 * Every route of SPEC section 2: here the home list and the pages the server draws (their HTML is hydrated at once),
 * every other one in RestRoutes' table. The server answers 404 for an address none of them takes: a new page's
 * address goes in apps/server/src/modules/web-presence/pages.ts too.
 */
export function AppRoutes({ pages, drawnAt }: { pages?: Pages; drawnAt?: string }) {
  const P = pages ?? lazyPages;
  const location = useLocation();
  // The other table once the page is up, so that opening one of its pages waits for that page's code only (a failure
  // here is retried when one is opened).
  useEffect(() => {
    RestRoutes.preload().catch(() => undefined);
  }, []);
  // Only the first entry of the history is the page the server drew elsewhere; a navigation shows its own route.
  const shown = drawnAt && location.key === 'default' ? { ...location, pathname: drawnAt } : undefined;
  return (
    <RouteErrorBoundary>
      {/* Server-drawn HTML in a Suspense boundary is hydrated in slices the browser can interleave with other
          work, not in one long task (docs/decisions/013); nothing suspends here, so the fallback is never seen. */}
      <Suspense fallback={null}>
        <Routes location={shown}>
          {/* RootRoute keeps the header and sidebar around a page that throws. */}
          <Route path="/" element={<RootRoute />}>
            <Route index element={<HomeRoute />} />
            <Route path="post/:id" element={<P.PostRoute />} />
            <Route path="post/:id/:slug" element={<P.PostRoute />} />
            <Route element={<RequireMember />}>
              <Route path="post/:id/edit" element={<P.EditPostRoute />} />
            </Route>
            <Route path="parts/:number" element={<P.PartRoute />} />
            {/* The page the server draws for a missing address (drawnAt), as the other table's '*' shows it. */}
            <Route path={NOT_FOUND_PATH.slice(1)} element={<P.NotFoundRoute />} />
            <Route path="*" element={<RestRoutes pages={pages} />} />
          </Route>
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}
