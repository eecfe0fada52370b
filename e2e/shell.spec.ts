import { test, expect } from '@playwright/test';
import { MSG } from '@fenestra/shared';
import { createMember } from './support/members';
import { insertPublicPosts } from './support/posts';
import { expectNoAxeViolations } from './support/axe';
import { openHydrated } from './support/hydration';

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

  test('at 375 px the sidebar is a drawer: opened by the menu button, focus kept inside, Escape closes', async ({
    page,
  }) => {
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

  test('a page whose code cannot load reloads once, then shows the error page instead of reloading in a loop', async ({
    page,
  }) => {
    let loads = 0;
    page.on('load', () => loads++);
    // Each load's other lazy code (the live updates) arrives before the page's code fails, as on a real server.
    let liveUpdatesServed = () => {};
    let liveUpdates = new Promise<void>((resolve) => (liveUpdatesServed = resolve));
    page.on('request', (request) => {
      if (request.isNavigationRequest()) liveUpdates = new Promise<void>((resolve) => (liveUpdatesServed = resolve));
    });
    page.on('requestfinished', (request) => {
      if (/\/assets\/live-updates-[\w-]+\.js$/.test(request.url())) liveUpdatesServed();
    });
    // The privacy page's chunk is missing every time (an outage, not a deploy).
    await page.route(/\/assets\/privacy-[\w-]+\.js$/, async (route) => {
      await liveUpdates;
      await route.fulfill({ status: 404, body: 'Not Found' });
    });
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { name: MSG.unexpectedError })).toBeVisible();
    await expect(page.getByText(MSG.newVersion('Fenestra'))).toBeVisible();
    // The error page stays: nothing reloads it again (the home link is there to click, not a reload under way).
    await page.getByRole('link', { name: 'Go back home' }).waitFor();
    expect(loads).toBe(2);
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

  test('with dark saved, the server-drawn page names the theme button for dark from the first paint, and its first click switches', async ({
    page,
  }) => {
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    // The app's code is held back: what shows is the server's HTML and public/boot.js, as at first paint.
    let releaseApp = () => {};
    const appHeld = new Promise<void>((resolve) => (releaseApp = resolve));
    await page.route(/\/assets\/app-[\w-]+\.js$/, async (route) => {
      await appHeld;
      await route.continue();
    });
    await page.reload({ waitUntil: 'domcontentloaded' });
    await expect(page.locator('html')).toHaveClass(/dark/);
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Switch to dark theme' })).toHaveCount(0);

    // Clicked before the app runs: public/boot.js holds the click and does it again once the page is hydrated.
    await banner.getByRole('button', { name: 'Switch to light theme' }).click();
    releaseApp();
    await expect(page.locator('html')).toHaveClass(/light/);
    await expect(banner.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  });

  test("after a client-side navigation focus moves to the new page's heading", async ({ page, request }) => {
    const author = await createMember(request);
    const label = `Focus${Date.now()}`;
    await insertPublicPosts({ authorId: author.id, count: 1, topic: 'screens', label });
    // Hydrated first: a link clicked on the server's HTML before the app starts is an ordinary page load, where focus
    // starts at the top (the test failed 4 runs of 9 so at a load of 20).
    await openHydrated(page, '/?topic=screens');
    await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Best Practices' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();

    // A page whose heading comes with its data: focus waits for it.
    await page.goBack();
    await page.getByRole('link', { name: `${label} question number 1` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `${label} question number 1` })).toBeFocused();

    // On a phone, through the drawer: focus stays on the heading as the drawer closes.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Best Practices' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  });

  // The shell's pages as a visitor sees them, one test a page so the workers share them (accessibility.spec.ts walks
  // a staff member's).
  for (const path of [
    '/',
    '/auth',
    '/auth?tab=signup',
    '/privacy',
    '/terms',
    '/resources/best-practices',
    '/search?q=hinge',
    '/nope',
  ]) {
    test(`the shell's page ${path} has no accessibility violations for a visitor`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('main')).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }

  test('the policies carry the constants of the specification', async ({ page }) => {
    await page.goto('/terms');
    await expect(page.getByText(/100 USD/).first()).toBeVisible();
    await expect(page.getByText(/13/).first()).toBeVisible();
    await expect(page.getByText(/October 16, 2025/).first()).toBeVisible();
    await page.goto('/privacy');
    await expect(page.getByText(/30 days/).first()).toBeVisible();
  });
});
