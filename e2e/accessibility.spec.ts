import { test, expect } from '@playwright/test';
import { createMember } from './support/members';
import { insertPublicPosts } from './support/posts';
import { expectNoAxeViolations } from './support/axe';
import { readFileSync } from 'node:fs';
import { MSG } from '@fenestra/shared';
import { E2E_BASE_URL } from './support/env';
import { phonePhotos } from './support/media';
import { pinReply, replyThroughApi } from './support/replies';

// Every page a staff member can reach, in both themes, at desktop and phone width: no WCAG A/AA violations.
// One test a page, so the sweep spreads over the workers ({username} and {postId} are the test's own member and post).
const PAGES = [
  '/',
  '/ask',
  '/my-posts',
  '/bookmarks',
  '/settings',
  '/user/{username}',
  '/post/{postId}',
  '/resources/videos',
  '/resources/best-practices',
  '/search?q=crank',
  '/privacy',
  '/terms',
  '/admin',
  '/admin/moderation',
  '/admin/analytics',
  '/admin/unsolved',
  '/admin/users',
  '/missing-page',
];
for (const pagePath of PAGES) {
  test(`${pagePath} passes axe in the light and dark themes, at desktop and phone width`, async ({ page, context }) => {
    test.setTimeout(90_000); // 2 page visits and 4 axe runs on a shared 2-core machine: an upper bound, not a wait
    const staff = await createMember(context.request, { role: 'admin' });
    const [postId] = await insertPublicPosts({
      authorId: staff.id,
      count: 1,
      topic: 'windows',
      label: `Axe${Date.now()}`,
    });
    const url = pagePath.replace('{username}', staff.username).replace('{postId}', postId!);
    // Each theme is loaded once, at one width, and checked at both: the page is resized as a turned phone or a
    // narrowed window would be (the light theme from desktop to phone, the dark one back).
    for (const [theme, widths] of [
      ['light', [1280, 375]],
      ['dark', [375, 1280]],
    ] as const) {
      // Init scripts run in the order added: the later theme wins.
      await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
      await page.setViewportSize({ width: widths[0], height: 900 });
      await page.goto(url);
      await expect(page.locator('html')).toHaveClass(new RegExp(theme));
      await expect(page.getByRole('main')).toBeVisible();
      await expect(page.getByText('Loading...')).toHaveCount(0);
      await expectNoAxeViolations(page);
      await page.setViewportSize({ width: widths[1], height: 900 });
      await expectNoAxeViolations(page);
    }
  });
}

// WCAG 2.5.3: a button's spoken name holds the text it shows (a voice user says what they see), so the Like buttons
// (their count) and the user menu (the member's name) pass axe's label-in-name rule, as a member at desktop width.
test("the Like and user-menu buttons' names hold their visible text", async ({ page, context }) => {
  const member = await createMember(context.request);
  const [postId] = await insertPublicPosts({ authorId: member.id, count: 1, label: `LabelInName${Date.now()}` });
  await page.setViewportSize({ width: 1280, height: 900 });
  for (const path of ['/', `/post/${postId}`, `/user/${member.username}`]) {
    await page.goto(path);
    await expect(page.getByRole('banner').getByText(member.username)).toBeVisible();
    await expect(page.getByRole('button', { name: /like/i }).first()).toBeVisible();
    await expectNoAxeViolations(page);
  }
});

// The conversation's states: replies (pinned, with a photo, a link and a mention), the reply form,
// the insert-link dialog with its error, the bell with unread notifications, and the solved card.
for (const theme of ['light', 'dark'] as const) {
  test(`replies, the reply form, the link dialog, the bell and the solved card pass axe in the ${theme} theme`, async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(90_000);
    const author = await createMember(context.request);
    const [postId] = await insertPublicPosts({
      authorId: author.id,
      count: 1,
      label: `Axe replies ${theme}${Date.now()}`,
    });
    const [solvedId] = await insertPublicPosts({
      authorId: author.id,
      count: 1,
      status: 'solved',
      label: `Axe solved ${theme}${Date.now()}`,
    });
    await createMember(request);
    const { png } = await phonePhotos();
    const upload = await request.post('/api/uploads/images', {
      headers: { origin: E2E_BASE_URL },
      multipart: { purpose: 'reply', files: { name: 'roller.png', mimeType: 'image/png', buffer: readFileSync(png) } },
    });
    expect(upload.ok(), await upload.text()).toBe(true);
    const { files } = (await upload.json()) as { files: { id: string }[] };
    const pinned = await replyThroughApi(
      request,
      postId!,
      `@${author.username} it is a roller; see [the guide](https://example.com/guide).`,
      [files[0]!.id],
    );
    await replyThroughApi(request, postId!, 'Another one: http://example.com/parts has them in stock.');
    await pinReply(pinned.id);

    await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/post/${postId}`);
      await expect(page.getByText(MSG.pinnedReply)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Open reply image 1' })).toBeVisible();
      await expectNoAxeViolations(page);

      await page
        .getByRole('banner')
        .getByRole('button', { name: /^Notifications, 2 unread/ })
        .click();
      await expect(page.getByRole('list', { name: 'Latest notifications' })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Insert link' }).click();
      const dialog = page.getByRole('dialog', { name: 'Insert a link' });
      await dialog.getByRole('button', { name: 'Insert Link' }).click();
      await expect(dialog.getByText(MSG.invalidHttpUrl)).toBeVisible();
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');

      await page.goto(`/post/${solvedId}`);
      await expect(page.getByText(MSG.solvedCard)).toBeVisible();
      await expectNoAxeViolations(page);
    }
  });
}
