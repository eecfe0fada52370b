import { test, expect } from '@playwright/test';
import { MSG } from '@fenestra/shared';
import { createMember } from './support/members';
import { expectNoAxeViolations } from './support/axe';

test.describe('app shell', () => {
  test('unknown paths show the 404 page with a link home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: MSG.notFound })).toBeVisible();
    await page.getByRole('link', { name: /home/i }).last().click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { name: 'Community Discussions' })).toBeVisible();
  });

  test('the admin guard sends visitors and members home, and lets staff in', async ({ page, context }) => {
    await page.goto('/admin/users');
    await expect(page).toHaveURL('/');
    await createMember(context.request);
    await page.goto('/admin');
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('navigation', { name: 'Sidebar' }).getByText('Moderation')).toHaveCount(0);
  });

  test('staff see the admin section and pages', async ({ page, context }) => {
    await createMember(context.request, { role: 'moderator' });
    await page.goto('/admin/analytics');
    await expect(page).toHaveURL('/admin/analytics');
    const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
    for (const link of ['Moderation', 'Analytics', 'Unsolved Posts', 'User Management']) {
      await expect(sidebar.getByRole('link', { name: link })).toBeVisible();
    }
  });

  test('visitors opening member pages go to /auth', async ({ page }) => {
    for (const path of ['/settings', '/bookmarks', '/my-posts']) {
      await page.goto(path);
      await expect(page).toHaveURL('/auth');
    }
    await page.goto('/ask');
    await expect(page).toHaveURL('/auth');
    await expect(page.getByText(MSG.signInToAsk)).toBeVisible();
  });

  test('at 375 px the sidebar is a drawer: opened by the menu button, focus kept inside, Escape closes', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Sidebar' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('link', { name: 'Solved', exact: true })).toBeVisible();
    for (let i = 0; i < 25; i++) await page.keyboard.press('Tab');
    expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Doors' }).click();
    await expect(page).toHaveURL('/?topic=doors');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expectNoAxeViolations(page);
  });

  test('the theme survives a reload and a bogus stored value is ignored', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveClass(/light/);
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expectNoAxeViolations(page);

    await page.evaluate(() => localStorage.setItem('theme', 'purple'));
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/light/);
    await expect(page.locator('html')).not.toHaveClass(/purple|dark/);
  });

  test('the pages of the shell have no accessibility violations', async ({ page }) => {
    test.setTimeout(90_000); // eight pages of axe: an upper bound for a busy 2-core machine
    for (const path of ['/', '/auth', '/auth?tab=signup', '/privacy', '/terms', '/resources/best-practices', '/search?q=hinge', '/nope']) {
      await page.goto(path);
      await expect(page.getByRole('main')).toBeVisible();
      await expectNoAxeViolations(page);
    }
  });

  test('the policies carry the constants of the specification', async ({ page }) => {
    await page.goto('/terms');
    await expect(page.getByText(/100 USD/).first()).toBeVisible();
    await expect(page.getByText(/13/).first()).toBeVisible();
    await expect(page.getByText(/October 16, 2025/).first()).toBeVisible();
    await page.goto('/privacy');
    await expect(page.getByText(/30 days/).first()).toBeVisible();
  });
});
