import { test, expect } from '@playwright/test';
import { createMember } from './support/members';
import { insertPublicPosts } from './support/posts';
import { expectNoAxeViolations } from './support/axe';

// Every page a staff member can reach, in both themes, at desktop and phone width: no WCAG A/AA violations.
for (const theme of ['light', 'dark'] as const) {
  test(`every page passes axe in the ${theme} theme`, async ({ page, context }) => {
    test.setTimeout(120_000);
    const staff = await createMember(context.request, { role: 'admin' });
    const [postId] = await insertPublicPosts({ authorId: staff.id, count: 1, topic: 'windows', label: `Axe${theme}${Date.now()}` });
    await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
    const paths = ['/', '/ask', '/my-posts', '/bookmarks', '/settings', `/user/${staff.username}`, `/post/${postId}`,
      '/resources/videos', '/resources/best-practices', '/search?q=crank', '/privacy', '/terms',
      '/admin', '/admin/moderation', '/admin/analytics', '/admin/unsolved', '/admin/users', '/missing-page'];
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of paths) {
        await page.goto(path);
        await expect(page.locator('html')).toHaveClass(new RegExp(theme));
        await expect(page.getByRole('main')).toBeVisible();
        await expect(page.getByText('Loading...')).toHaveCount(0);
        await expectNoAxeViolations(page);
      }
    }
  });
}
