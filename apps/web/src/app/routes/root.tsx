import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { AppLayout } from '../../features/layout/components/app-layout';
import { ThemeToggle } from '../../features/theme/components/theme-toggle';
import { useFocusPageHeading } from '../../lib/page-focus';
import { lazyPage } from '../../lib/stale-chunk';
import { RouteErrorBoundary } from './route-error';

// Members only, with Radix's popover: loaded when a member is shown.
export const NotificationBell = lazyPage(
  () => import('../../features/notifications/components/notification-bell'),
  'NotificationBell',
);

/** A new page starts at the top; Back and Forward leave the browser's own scroll restoration alone. */
function ScrollToTop() {
  const { key } = useLocation();
  const type = useNavigationType();
  useEffect(() => {
    if (type !== 'POP') window.scrollTo(0, 0);
  }, [key, type]);
  return null;
}

/**
 * Says when the page is hydrated: its effect runs once the page's boundary below has committed, which React hydrates
 * after the header's. public/boot.js then does again what a visitor did on the server's HTML before (docs/decisions/017).
 */
function HydratedSignal() {
  useEffect(() => {
    document.dispatchEvent(new Event('fenestra:hydrated'));
    // The service worker (offline reading, push) after the first paint, in a chunk of its own (docs/decisions/036).
    if (import.meta.env.PROD)
      void import('../../lib/pwa/register-service-worker').then((m) => m.registerServiceWorker());
  }, []);
  return null;
}

export function RootRoute() {
  const { pathname } = useLocation();
  useFocusPageHeading(pathname);
  return (
    <AppLayout
      themeToggle={<ThemeToggle />}
      notificationBell={
        <Suspense fallback={<span aria-hidden className="inline-block size-9" />}>
          <NotificationBell />
        </Suspense>
      }
    >
      <RouteErrorBoundary resetKey={pathname}>
        {/* While a page's code loads the page before it stays (navigations are transitions). */}
        <Suspense fallback={null}>
          <Outlet />
          <HydratedSignal />
        </Suspense>
      </RouteErrorBoundary>
      <ScrollToTop />
    </AppLayout>
  );
}
