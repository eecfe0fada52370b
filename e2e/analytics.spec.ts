import { test, expect, type Page } from '@playwright/test';
import { createMember } from './support/members';
import { insertPublicPosts } from './support/posts';
import { expectNoAxeViolations } from './support/axe';

const dailyTable = (page: Page) => page.getByRole('table', { name: 'New posts and replies per day' });

// The analytics page as staff see it on a phone: charts drawn, the period switched, a chart's numbers
// opened as a table, axe clean in that state (accessibility.spec.ts checks the first view at both widths).
for (const theme of ['light', 'dark'] as const) {
  test(`analytics at 375 px in the ${theme} theme: switch the period, open a table, axe clean`, async ({
    page,
    context,
  }) => {
    const staff = await createMember(context.request, { role: 'moderator' });
    await insertPublicPosts({ authorId: staff.id, count: 2, topic: 'misc', label: `Analytics${theme}${Date.now()}` });
    await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await page.setViewportSize({ width: 375, height: 900 });

    await page.goto('/admin/analytics');
    await expect(page.locator('html')).toHaveClass(new RegExp(theme));
    await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Last 30 days' })).toBeChecked();
    // Seven charts, each an SVG behind its one-line summary.
    await expect(page.locator('[role="img"] .recharts-wrapper > svg')).toHaveCount(7);
    await expect(page.getByText(/No detection corrections yet/)).toBeVisible();
    const newPosts = page.getByRole('region', { name: 'Headline figures' }).locator('dd').first();
    await expect(newPosts).not.toHaveText('—');
    expect(Number((await newPosts.textContent())!.replace(/,/g, ''))).toBeGreaterThanOrEqual(2);

    // One row per UTC day of the period, in the table behind the daily chart's toggle.
    await page.getByRole('button', { name: 'Show table' }).first().click();
    await expect(page.getByRole('button', { name: 'Hide table' })).toHaveAttribute('aria-expanded', 'true');
    await expect(dailyTable(page).locator('tbody tr')).toHaveCount(30);

    // A refetch of the 30-day figures may cross this wait under load; the switch is the request for another period.
    const spanOf = (url: string) => {
      const period = new URL(url).searchParams;
      return (Date.parse(period.get('to')!) - Date.parse(period.get('from')!)) / 86_400_000;
    };
    const asked = page.waitForRequest((r) => r.url().includes('/api/admin/analytics?') && spanOf(r.url()) !== 29);
    await page.getByText('Last 7 days').click();
    expect(spanOf((await asked).url())).toBe(6);
    await expect(page.getByRole('radio', { name: 'Last 7 days' })).toBeChecked();
    await expect(dailyTable(page).locator('tbody tr')).toHaveCount(7);
    await expect(page.getByText('Loading...')).toHaveCount(0);

    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoAxeViolations(page);
  });
}

test('the dashboard card shows the last 30 days and leads to the charts', async ({ page, context }) => {
  await createMember(context.request, { role: 'admin' });
  await page.goto('/admin');
  const card = page.getByRole('heading', { name: 'Analytics' }).locator('..').locator('..');
  await expect(card.getByText('Last 30 days (UTC)')).toBeVisible();
  await expect(card.getByText('Solve rate')).toBeVisible();
  await card.getByRole('link', { name: 'View all charts' }).click();
  await expect(page).toHaveURL('/admin/analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
});
