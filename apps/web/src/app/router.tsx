import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { MSG } from '@fenestra/shared';
import { RequireMember } from '../features/auth/components/require-member';
import { RequireStaff } from '../features/auth/components/require-staff';
import { HomeRoute } from './routes/home';
import { NotFoundRoute } from './routes/not-found';
import { RootRoute } from './routes/root';
import { RouteErrorBoundary } from './routes/route-error';
import { lazyPage, type LazyPage } from '../lib/stale-chunk';

// Declarative routes (<Routes>), not a data router: nothing here loads data (TanStack Query does), and the
// data router's code was 17 KB gzip of the home page's first load (docs/decisions/013).
// Pages other than the home list load on first visit (lazyPage), so a phone downloads only what it shows.

export const lazyPages = {
  AuthRoute: lazyPage(() => import('./routes/auth'), 'AuthRoute'),
  SearchRoute: lazyPage(() => import('./routes/search'), 'SearchRoute'),
  PostRoute: lazyPage(() => import('./routes/post'), 'PostRoute'),
  UserProfileRoute: lazyPage(() => import('./routes/user-profile'), 'UserProfileRoute'),
  VideosRoute: lazyPage(() => import('./routes/videos'), 'VideosRoute'),
  BestPracticesRoute: lazyPage(() => import('./routes/best-practices'), 'BestPracticesRoute'),
  PrivacyRoute: lazyPage(() => import('./routes/privacy'), 'PrivacyRoute'),
  TermsRoute: lazyPage(() => import('./routes/terms'), 'TermsRoute'),
  AskRoute: lazyPage(() => import('./routes/ask'), 'AskRoute'),
  MyPostsRoute: lazyPage(() => import('./routes/my-posts'), 'MyPostsRoute'),
  BookmarksRoute: lazyPage(() => import('./routes/bookmarks'), 'BookmarksRoute'),
  SettingsRoute: lazyPage(() => import('./routes/settings'), 'SettingsRoute'),
  AdminDashboardRoute: lazyPage(() => import('./routes/admin-dashboard'), 'AdminDashboardRoute'),
  AdminAnalyticsRoute: lazyPage(() => import('./routes/admin-analytics'), 'AdminAnalyticsRoute'),
  AdminUnsolvedRoute: lazyPage(() => import('./routes/admin-unsolved'), 'AdminUnsolvedRoute'),
  AdminUsersRoute: lazyPage(() => import('./routes/admin-users'), 'AdminUsersRoute'),
} satisfies Record<string, LazyPage>;

/** The page components by name: lazy in the browser; tests and the server renderer pass them loaded. */
export type Pages = Record<keyof typeof lazyPages, React.ComponentType>;

/** The lazy page a path shows, if any (its code is fetched before the server's HTML is hydrated). */
export function lazyPageFor(pathname: string): LazyPage | null {
  if (/^\/post\/[^/]+\/?$/.test(pathname)) return lazyPages.PostRoute;
  return null;
}

/** Every route of SPEC section 2. */
export function AppRoutes({ pages = lazyPages }: { pages?: Pages }) {
  const P = pages;
  return (
    <RouteErrorBoundary>
      {/* Server-drawn HTML in a Suspense boundary is hydrated in slices the browser can interleave with other
          work, not in one long task (docs/decisions/013); nothing suspends here, so the fallback is never seen. */}
      <Suspense fallback={null}>
        <Routes>
          {/* RootRoute keeps the header and sidebar around a page that throws. */}
          <Route path="/" element={<RootRoute />}>
            <Route index element={<HomeRoute />} />
            <Route path="auth" element={<P.AuthRoute />} />
            <Route path="search" element={<P.SearchRoute />} />
            <Route path="post/:id" element={<P.PostRoute />} />
            <Route path="user/:username" element={<P.UserProfileRoute />} />
            <Route path="resources/videos" element={<P.VideosRoute />} />
            <Route path="resources/best-practices" element={<P.BestPracticesRoute />} />
            <Route path="privacy" element={<P.PrivacyRoute />} />
            <Route path="terms" element={<P.TermsRoute />} />
            <Route element={<RequireMember visitorMessage={MSG.signInToAsk} />}>
              <Route path="ask" element={<P.AskRoute />} />
            </Route>
            <Route element={<RequireMember />}>
              <Route path="my-posts" element={<P.MyPostsRoute />} />
              <Route path="bookmarks" element={<P.BookmarksRoute />} />
              <Route path="settings" element={<P.SettingsRoute />} />
            </Route>
            <Route path="admin" element={<RequireStaff />}>
              <Route index element={<P.AdminDashboardRoute />} />
              <Route path="moderation" element={<P.AdminDashboardRoute />} />
              <Route path="analytics" element={<P.AdminAnalyticsRoute />} />
              <Route path="unsolved" element={<P.AdminUnsolvedRoute />} />
              <Route path="users" element={<P.AdminUsersRoute />} />
            </Route>
            <Route path="*" element={<NotFoundRoute />} />
          </Route>
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}
