import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
// WCAG 2.5.3 Label in Name: axe counts its rule experimental and leaves it out unless asked.
const RULES = { 'label-content-name-mismatch': { enabled: true } };

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
  const summary = page.frames().length > 1 ? await acrossFrames(page) : await inPage(page);
  expect(summary).toEqual([]);
}

/**
 * axe.run in the page itself, axe injected once a document: the same rules and checks as AxeBuilder, which on every
 * run evaluates axe's 580 KB script again, opens a blank page to merge the frames' results in and sends every
 * passing node back (3 to 5 times the time of a run; decision 041). Only the violations come back.
 */
async function inPage(page: Page) {
  const injected = await page.evaluate(
    () => typeof (window as unknown as { axe?: { run?: unknown } }).axe?.run === 'function',
  );
  if (!injected) await page.evaluate(axeSource);
  return page.evaluate(
    async (options) => {
      type Violation = { id: string; nodes: { target: unknown[] }[] };
      const { axe } = window as unknown as {
        axe: { run: (c: Document, o: object) => Promise<{ violations: Violation[] }> };
      };
      const { violations } = await axe.run(document, options);
      return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    },
    { runOnly: { type: 'tag', values: TAGS }, rules: RULES, resultTypes: ['violations'] },
  );
}

/** A page with frames: AxeBuilder injects axe into each and merges their results. */
async function acrossFrames(page: Page) {
  const results = await new AxeBuilder({ page }).options({ rules: RULES }).withTags(TAGS).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
