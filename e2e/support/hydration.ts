import type { Page } from '@playwright/test';

/**
 * Opens a page and waits until it is hydrated (public/boot.js replays what was done before then; a click on a
 * server-drawn page at any moment of its start leads where it should: web-presence.spec.ts checks that). For tests
 * that read the hydrated app's state, not for clicks.
 */
export async function openHydrated(page: Page, url: string) {
  await page.addInitScript(() =>
    document.addEventListener('fenestra:hydrated', () =>
      document.documentElement.setAttribute('data-e2e-hydrated', ''),
    ),
  );
  await page.goto(url);
  await page.locator('html[data-e2e-hydrated]').waitFor({ state: 'attached' });
}

/**
 * A moment of a server-drawn page's start, told by the app's own events (src/main.tsx sends `fenestra:hydrating` as it
 * calls hydrateRoot, src/app/routes/root.tsx `fenestra:hydrated`): just after hydration began, in the next task (while
 * React hydrates in slices), and just after the page said it was hydrated.
 */
export type HydrationMoment = 'as hydration starts' | 'while hydrating' | 'as it is hydrated';

/** Clicks the link to `href` at `moment` of each page `page` opens from now on, from the page itself. */
export async function clickLinkAt(page: Page, moment: HydrationMoment, href: string) {
  await page.addInitScript(
    ([moment, href]) => {
      const click = () => document.querySelector<HTMLAnchorElement>(`a[href="${href}"]`)?.click();
      const event = moment === 'as it is hydrated' ? 'fenestra:hydrated' : 'fenestra:hydrating';
      // A microtask runs once the task that sent the event is done (hydrateRoot called, or the effects run); a message
      // posted to a channel arrives in a task of its own, the next one, with no timer.
      const nextTask = () => {
        const channel = new MessageChannel();
        channel.port1.onmessage = click;
        channel.port2.postMessage(null);
      };
      const at = () => (moment === 'while hydrating' ? nextTask() : queueMicrotask(click));
      document.addEventListener(event, at, { once: true });
    },
    [moment, href] as const,
  );
}
