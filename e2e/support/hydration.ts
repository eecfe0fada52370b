import type { Page } from '@playwright/test';

/**
 * Opens a page and waits until it is hydrated: a click on a server-drawn page before then can be lost (public/boot.js
 * holds buttons and forms, not popovers or links).
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
