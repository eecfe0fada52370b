import { createBrowserRouter, type RouteObject } from 'react-router';
import { MSG } from '@fenestra/shared';
import { RequireMember } from '../features/auth/components/require-member';
import { RequireStaff } from '../features/auth/components/require-staff';
import { HomeRoute } from './routes/home';
import { NotFoundRoute } from './routes/not-found';
import { RootRoute } from './routes/root';
import { RouteErrorRoute } from './routes/route-error';
import { lazyPage as page } from '../lib/stale-chunk';

// Pages other than the home list load on first visit (lazyPage), so a phone downloads only what it shows.

/** Every route of SPEC section 2. Exported for tests, which mount them in a memory router. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootRoute />,
    errorElement: <RouteErrorRoute />,
    children: [
      {
        // A page that throws keeps the header and sidebar around its error.
        errorElement: <RouteErrorRoute />,
        children: [
          { index: true, element: <HomeRoute /> },
          { path: 'auth', lazy: page(() => import('./routes/auth'), 'AuthRoute') },
          { path: 'search', lazy: page(() => import('./routes/search'), 'SearchRoute') },
          { path: 'post/:id', lazy: page(() => import('./routes/post'), 'PostRoute') },
          { path: 'user/:username', lazy: page(() => import('./routes/user-profile'), 'UserProfileRoute') },
          { path: 'resources/videos', lazy: page(() => import('./routes/videos'), 'VideosRoute') },
          { path: 'resources/best-practices', lazy: page(() => import('./routes/best-practices'), 'BestPracticesRoute') },
          { path: 'privacy', lazy: page(() => import('./routes/privacy'), 'PrivacyRoute') },
          { path: 'terms', lazy: page(() => import('./routes/terms'), 'TermsRoute') },
          {
            element: <RequireMember visitorMessage={MSG.signInToAsk} />,
            children: [{ path: 'ask', lazy: page(() => import('./routes/ask'), 'AskRoute') }],
          },
          {
            element: <RequireMember />,
            children: [
              { path: 'my-posts', lazy: page(() => import('./routes/my-posts'), 'MyPostsRoute') },
              { path: 'bookmarks', lazy: page(() => import('./routes/bookmarks'), 'BookmarksRoute') },
              { path: 'settings', lazy: page(() => import('./routes/settings'), 'SettingsRoute') },
            ],
          },
          {
            path: 'admin',
            element: <RequireStaff />,
            children: [
              { index: true, lazy: page(() => import('./routes/admin-dashboard'), 'AdminDashboardRoute') },
              { path: 'moderation', lazy: page(() => import('./routes/admin-dashboard'), 'AdminDashboardRoute') },
              { path: 'analytics', lazy: page(() => import('./routes/admin-analytics'), 'AdminAnalyticsRoute') },
              { path: 'unsolved', lazy: page(() => import('./routes/admin-unsolved'), 'AdminUnsolvedRoute') },
              { path: 'users', lazy: page(() => import('./routes/admin-users'), 'AdminUsersRoute') },
            ],
          },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
