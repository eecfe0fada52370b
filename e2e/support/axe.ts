import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** No WCAG A/AA violations (Label in Name included) on the page as it stands, once what is fading or sliding in (a toast) has arrived. */
export async function expectNoAxeViolations(page: Page) {
  // Colours are judged as drawn: mid-transition a toast is part transparent. Endless animations (a spinner) stay.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page })
    // WCAG 2.5.3 Label in Name: axe counts its rule experimental and leaves it out unless asked.
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary).toEqual([]);
}
