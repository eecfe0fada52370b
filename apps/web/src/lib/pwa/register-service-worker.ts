import { MSG } from '@fenestra/shared';
import { toast } from '../toast';

/** The localStorage key a browser test sets to 'on' to have the service worker (e2e/installable-app.spec.ts). */
export const SERVICE_WORKER_UNDER_TEST = 'fenestra-service-worker';

/**
 * Registers /sw.js (docs/decisions/036): loaded after the page is hydrated, never with the first load. A new build's
 * worker takes over at once (skipWaiting); a page it took over from an older one says so, and offers the reload
 * that shows the new build (any later navigation does too).
 */
export function registerServiceWorker(): void {
  const container = navigator.serviceWorker;
  // A browser driven by a test (navigator.webdriver) gets none unless its page asks: a worker answers requests
  // before Playwright's page.route sees them, and the browser suite holds and fails requests that way.
  if (!container || (navigator.webdriver && localStorage.getItem(SERVICE_WORKER_UNDER_TEST) !== 'on')) return;
  let controlled = Boolean(container.controller);
  container.addEventListener('controllerchange', () => {
    if (!controlled) {
      controlled = true;
      return;
    }
    toast.success(MSG.newVersionAvailable, {
      id: 'new-version',
      duration: Infinity,
      action: { label: MSG.reloadForNewVersion, onClick: () => location.reload() },
    });
  });
  // Refused where service workers are blocked (a private window, a test): the app works as before without one.
  container.register('/sw.js').catch(() => undefined);
}
