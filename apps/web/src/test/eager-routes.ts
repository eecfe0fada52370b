import type { Pages } from '../app/router';
import { lazyPages } from '../app/router';

// Tests render pages on the first frame, as before code splitting: every lazy page is loaded once, up front.
export const eagerPages = Object.fromEntries(
  await Promise.all(Object.entries(lazyPages).map(async ([name, page]) => [name, ((await page.preload()) as { default: React.ComponentType }).default])),
) as Pages;
