import type { Pages } from '../app/router';
import { RestRoutes, lazyPages } from '../app/router';
import { restPages } from '../app/rest-routes';
import { StaffNav } from '../features/layout/components/sidebar-nav';

// Tests render pages on the first frame, as before code splitting: every lazy page (with the table of the routes
// outside the first load, and the staff's sidebar links) is loaded once, up front.
await Promise.all([RestRoutes.preload(), StaffNav.preload()]);
export const eagerPages = Object.fromEntries(
  await Promise.all(
    Object.entries({ ...lazyPages, ...restPages }).map(async ([name, page]) => [
      name,
      ((await page.preload()) as { default: React.ComponentType }).default,
    ]),
  ),
) as Pages;
