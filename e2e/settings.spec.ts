import { test, expect, type Page } from '@playwright/test';
import { SITE_SETTINGS_DEFAULTS } from '@fenestra/shared';
import { createMember } from './support/members';
import { expectNoAxeViolations } from './support/axe';
import { E2E_BASE_URL } from './support/env';

// Issue 30: /admin/settings. The new name keeps 'Fenestra' in it and everything is put back at the end: other
// workers' tests run against the same forum meanwhile.

const NEW_NAME = 'Fenestra Glazing Guild';

const toast = (page: Page, text: string) =>
  page.getByRole('region', { name: /Messages/ }).getByText(text, { exact: true });

test('an admin renames the site and changes its accent: refused without contrast, then live for a visitor', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(90_000); // two themes with axe and a second browser on a shared 2-core machine: a bound, not a wait
  await createMember(context.request, { role: 'admin' });
  try {
    for (const theme of ['light', 'dark'] as const) {
      await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
      await page.goto('/admin/settings');
      await expect(page.locator('html')).toHaveClass(new RegExp(theme));
      await expect(page.getByRole('heading', { level: 1, name: 'Site Settings' })).toBeVisible();
      await expect(page.getByLabel('Site name')).toHaveValue(SITE_SETTINGS_DEFAULTS.siteName);
      await expect(page.getByTestId('running-version')).toContainText(/Running Fenestra \d+\.\d+\.\d+ · build /);
      await expectNoAxeViolations(page);
    }
    // The trust job's thresholds (issue 26) are on the page, the code's defaults until an admin sets them.
    const trust = page.getByRole('group', { name: 'Member (level 1)' });
    await expect(trust.getByLabel('Member: published replies')).toHaveValue(
      String(SITE_SETTINGS_DEFAULTS.trustMemberReplies),
    );
    await expect(page.getByLabel('Weight of a flag from a Trusted or Leader member')).toHaveValue('3');

    // A visitor has the home page open in another browser.
    const visitor = await browser.newContext();
    const home = await visitor.newPage();
    await home.goto(E2E_BASE_URL);
    await expect(home.getByRole('banner').getByRole('link', { name: SITE_SETTINGS_DEFAULTS.siteName })).toBeVisible();

    // Pale yellow cannot carry white button text: the server says so, and nothing is saved.
    await page.getByLabel('Accent colour').fill('#fde047');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText(/White text on #fde047 has a contrast of 1\.\d\d:1; it needs 4\.5:1/)).toBeVisible();
    await expect(page.getByLabel('Accent colour')).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);

    await page.getByLabel('Site name').fill(NEW_NAME);
    await page.getByLabel('Accent colour').fill('#c2410c');
    await page.getByRole('button', { name: 'Add a link' }).click();
    await page.getByLabel('Link 1 label').fill('Glazing supplies');
    await page.getByLabel('Link 1 address').fill('https://supplies.example.com');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(toast(page, 'Site settings saved')).toBeVisible();
    await expect(page).toHaveTitle(`Site Settings · ${NEW_NAME}`);
    await expect(page.getByRole('banner').getByRole('link', { name: NEW_NAME })).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--primary').trim()))
      .toBe('#c2410c');
    await expectNoAxeViolations(page);

    // The visitor's page follows without a reload (settings.changed), footer link included.
    await expect(home.getByRole('banner').getByRole('link', { name: NEW_NAME })).toBeVisible();
    await expect(home.getByRole('contentinfo').getByRole('link', { name: 'Glazing supplies' })).toHaveAttribute(
      'href',
      'https://supplies.example.com',
    );
    // A page the server draws afresh carries the name in its title before any script runs.
    const drawn = await visitor.request.get(`${E2E_BASE_URL}/`);
    expect(await drawn.text()).toMatch(new RegExp(`<title>[^<]*${NEW_NAME}</title>`));
    await visitor.close();
  } finally {
    const reset = await page.request.put(`${E2E_BASE_URL}/api/admin/settings`, {
      headers: { origin: E2E_BASE_URL },
      data: { siteName: SITE_SETTINGS_DEFAULTS.siteName, accentColor: null, footerLinks: [] },
    });
    expect(reset.status(), await reset.text()).toBe(200);
  }
});

test('a moderator is sent back to the dashboard, and the server refuses them', async ({ page, context }) => {
  await createMember(context.request, { role: 'moderator' });
  await page.goto('/admin/settings');
  await expect(page).toHaveURL(/\/admin$/);
  const res = await page.request.get(`${E2E_BASE_URL}/api/admin/settings`);
  expect(res.status()).toBe(403);
});
