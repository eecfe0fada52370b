import { createBrowserRouter, type RouteObject } from 'react-router';
import { MSG } from '@fenestra/shared';
import { RequireMember } from '../features/auth/components/require-member';
import { RequireStaff } from '../features/auth/components/require-staff';
import { AdminAnalyticsRoute } from './routes/admin-analytics';
import { AdminDashboardRoute } from './routes/admin-dashboard';
import { AdminUnsolvedRoute } from './routes/admin-unsolved';
import { AdminUsersRoute } from './routes/admin-users';
import { AskRoute } from './routes/ask';
import { AuthRoute } from './routes/auth';
import { BestPracticesRoute } from './routes/best-practices';
import { BookmarksRoute } from './routes/bookmarks';
import { HomeRoute } from './routes/home';
import { MyPostsRoute } from './routes/my-posts';
import { NotFoundRoute } from './routes/not-found';
import { PostRoute } from './routes/post';
import { PrivacyRoute } from './routes/privacy';
import { RootRoute } from './routes/root';
import { RouteErrorRoute } from './routes/route-error';
import { SearchRoute } from './routes/search';
import { SettingsRoute } from './routes/settings';
import { TermsRoute } from './routes/terms';
import { UserProfileRoute } from './routes/user-profile';
import { VideosRoute } from './routes/videos';

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
          { path: 'auth', element: <AuthRoute /> },
          { path: 'search', element: <SearchRoute /> },
          { path: 'post/:id', element: <PostRoute /> },
          { path: 'user/:username', element: <UserProfileRoute /> },
          { path: 'resources/videos', element: <VideosRoute /> },
          { path: 'resources/best-practices', element: <BestPracticesRoute /> },
          { path: 'privacy', element: <PrivacyRoute /> },
          { path: 'terms', element: <TermsRoute /> },
          {
            element: <RequireMember visitorMessage={MSG.signInToAsk} />,
            children: [{ path: 'ask', element: <AskRoute /> }],
          },
          {
            element: <RequireMember />,
            children: [
              { path: 'my-posts', element: <MyPostsRoute /> },
              { path: 'bookmarks', element: <BookmarksRoute /> },
              { path: 'settings', element: <SettingsRoute /> },
            ],
          },
          {
            path: 'admin',
            element: <RequireStaff />,
            children: [
              { index: true, element: <AdminDashboardRoute /> },
              { path: 'moderation', element: <AdminDashboardRoute /> },
              { path: 'analytics', element: <AdminAnalyticsRoute /> },
              { path: 'unsolved', element: <AdminUnsolvedRoute /> },
              { path: 'users', element: <AdminUsersRoute /> },
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
