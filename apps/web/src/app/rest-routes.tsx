import { Route, Routes } from 'react-router';
import { MSG } from '@fenestra/shared';
import { RequireMember } from '../features/auth/components/require-member';
import { RequireStaff } from '../features/auth/components/require-staff';
import { lazyPage, type LazyPage } from '../lib/stale-chunk';
import { lazyPages, type Pages } from './router';

// The routes of every page the server does not draw, loaded with the first of them a visitor opens: the table, its
// lazy pages' imports and their lists of files were ~2 KB gzip of the home page's first load (docs/decisions/013).

export const restPages = {
  AuthRoute: lazyPage(() => import('./routes/auth'), 'AuthRoute'),
  SearchRoute: lazyPage(() => import('./routes/search'), 'SearchRoute'),
  UserProfileRoute: lazyPage(() => import('./routes/user-profile'), 'UserProfileRoute'),
  VideosRoute: lazyPage(() => import('./routes/videos'), 'VideosRoute'),
  BestPracticesRoute: lazyPage(() => import('./routes/best-practices'), 'BestPracticesRoute'),
  PrivacyRoute: lazyPage(() => import('./routes/privacy'), 'PrivacyRoute'),
  TermsRoute: lazyPage(() => import('./routes/terms'), 'TermsRoute'),
  AskRoute: lazyPage(() => import('./routes/ask'), 'AskRoute'),
  MyPostsRoute: lazyPage(() => import('./routes/my-posts'), 'MyPostsRoute'),
  BookmarksRoute: lazyPage(() => import('./routes/bookmarks'), 'BookmarksRoute'),
  SettingsRoute: lazyPage(() => import('./routes/settings'), 'SettingsRoute'),
  NotificationsRoute: lazyPage(() => import('./routes/notifications'), 'NotificationsRoute'),
  AdminDashboardRoute: lazyPage(() => import('./routes/admin-dashboard'), 'AdminDashboardRoute'),
  AdminAnalyticsRoute: lazyPage(() => import('./routes/admin-analytics'), 'AdminAnalyticsRoute'),
  AdminUnsolvedRoute: lazyPage(() => import('./routes/admin-unsolved'), 'AdminUnsolvedRoute'),
  AdminUsersRoute: lazyPage(() => import('./routes/admin-users'), 'AdminUsersRoute'),
  AdminSettingsRoute: lazyPage(() => import('./routes/admin-settings'), 'AdminSettingsRoute'),
  TagsRoute: lazyPage(() => import('./routes/tags'), 'TagsRoute'),
  TagRoute: lazyPage(() => import('./routes/tag'), 'TagRoute'),
} satisfies Record<string, LazyPage>;

/** Every route of SPEC section 2 but those of AppRoutes' own table, below its RootRoute (paths relative to '/'). */
export function RestRoutes({ pages }: { pages?: Pages }) {
  const P = pages ?? { ...lazyPages, ...restPages };
  return (
    <Routes>
      <Route path="auth" element={<P.AuthRoute />} />
      <Route path="search" element={<P.SearchRoute />} />
      <Route path="tags" element={<P.TagsRoute />} />
      <Route path="tags/:tag" element={<P.TagRoute />} />
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
        <Route path="notifications" element={<P.NotificationsRoute />} />
      </Route>
      <Route path="admin" element={<RequireStaff />}>
        <Route index element={<P.AdminDashboardRoute />} />
        <Route path="moderation" element={<P.AdminDashboardRoute />} />
        <Route path="analytics" element={<P.AdminAnalyticsRoute />} />
        <Route path="unsolved" element={<P.AdminUnsolvedRoute />} />
        <Route path="users" element={<P.AdminUsersRoute />} />
        <Route path="settings" element={<P.AdminSettingsRoute />} />
      </Route>
      <Route path="*" element={<P.NotFoundRoute />} />
    </Routes>
  );
}
