import { test, expect } from '@playwright/test';
import { MSG } from '@fenestra/shared';
import { readFileSync } from 'node:fs';
import { createMember } from './support/members';
import { insertPublicPosts, insertPostWithImages } from './support/posts';
import { E2E_BASE_URL } from './support/env';
import { phonePhotos } from './support/media';
import { expectNoAxeViolations } from './support/axe';

test('filter, sort and Load More on the discussion list', async ({ page, request }) => {
  const author = await createMember(request);
  const label = `Screens${Date.now()}`;
  await insertPublicPosts({ authorId: author.id, count: 25, topic: 'screens', label });
  await insertPublicPosts({
    authorId: author.id,
    count: 2,
    topic: 'screens',
    status: 'solved',
    label: `${label}solved`,
  });

  await page.goto('/?topic=screens');
  await expect(page.getByLabel('Topic', { exact: true })).toHaveValue('screens');
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(20);
  await page.getByRole('button', { name: 'Load More Discussions' }).click();
  await expect(cards).toHaveCount(27);
  await expect(page.getByRole('button', { name: 'Load More Discussions' })).toHaveCount(0);
  await expect(page.getByText('27 active discussions')).toBeVisible();

  await page.goto('/?topic=screens&filter=solved');
  await expect(cards).toHaveCount(2);
  await expect(page.getByText('2 active discussions')).toBeVisible();
  await expect(cards.first().getByText('Solved', { exact: true })).toBeVisible();

  await page.goto('/?topic=screens&sort=unsolved');
  await expect(cards.first().getByText('In Progress', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('like and bookmark as a visitor and as a member; /bookmarks lists it', async ({ page, context, request }) => {
  const author = await createMember(request);
  const label = `Bookmarkable${Date.now()}`;
  await insertPublicPosts({ authorId: author.id, count: 1, topic: 'glazing', label });
  const title = `${label} question number 1`;

  await page.goto('/?topic=glazing');
  const card = page.getByRole('article').filter({ hasText: title });
  await card.getByRole('button', { name: 'Like' }).click();
  await expect(page.getByText(MSG.signInToLike)).toBeVisible();
  await card.getByRole('button', { name: 'Bookmark' }).click();
  await expect(page.getByText(MSG.signInToBookmark)).toBeVisible();

  await createMember(context.request);
  await page.reload();
  await card.getByRole('button', { name: 'Like' }).click();
  await expect(card.getByRole('button', { name: 'Unlike' })).toBeVisible();
  await card.getByRole('button', { name: 'Bookmark' }).click();
  await expect(page.getByText(MSG.postBookmarked)).toBeVisible();
  await page.reload();
  await expect(card.getByRole('button', { name: 'Unlike' })).toBeVisible();

  await page.goto('/bookmarks');
  await expect(page.getByRole('article').filter({ hasText: title })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('article').filter({ hasText: title }).getByRole('button', { name: 'Remove bookmark' }).click();
  await expect(page.getByText(MSG.bookmarkRemoved)).toBeVisible();
  await expect(page.getByText(MSG.noBookmarks)).toBeVisible();
});

test('the media viewer works with the keyboard', async ({ page, context }) => {
  const member = await createMember(context.request);
  const photos = await phonePhotos();
  const upload = await context.request.post(`${E2E_BASE_URL}/api/uploads/images`, {
    headers: { origin: E2E_BASE_URL },
    multipart: {
      files: { name: 'roller.png', mimeType: 'image/png', buffer: readFileSync(photos.png) },
    },
  });
  expect(upload.status()).toBe(200);
  const url = (await upload.json()).files[0].publicUrl;
  const title = `Glazing bead profile ${Date.now()}`;
  const id = await insertPostWithImages(member.id, title, [url, url, url]);

  await page.goto(`/post/${id}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText('Confidence 87% (high)')).toBeAttached();
  await expect(page.getByText('87%', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  const opener = page.getByRole('button', { name: 'Open image 1' });
  await opener.click();
  const viewer = page.getByRole('dialog');
  await expect(viewer.getByText('1 / 3')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(viewer.getByText('2 / 3')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(viewer.getByText('1 / 3')).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(viewer.getByText('3 / 3')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(opener).toBeFocused();
});

test('a link clicked while the page hydrates is followed once it has hydrated', async ({ page, context }) => {
  const author = await createMember(context.request);
  const [postId] = await insertPublicPosts({ authorId: author.id, count: 1, label: `Hydrating${Date.now()}` });
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/post/${postId}`);
  // The moment the app says it has begun hydrating (src/main.tsx), as its code would, but held there.
  await page.evaluate(() => document.dispatchEvent(new Event('fenestra:hydrating')));
  await page.getByRole('link', { name: MSG.editQuestion }).click();
  await expect(page).toHaveURL(`/post/${postId}`);
  release();
  await expect(page).toHaveURL(new RegExp(`/post/${postId}/edit`));
  await expect(page.getByRole('form', { name: MSG.editQuestion })).toBeVisible();
});

test('what a visitor does on a server-drawn page before its code has loaded is done once it has', async ({
  page,
  context,
}) => {
  const author = await createMember(context.request);
  const label = `Early${Date.now()}`;
  const [postId] = await insertPublicPosts({ authorId: author.id, count: 1, topic: 'glazing', label });
  // The app's code waits until the visitor has acted: until then the page is the server's HTML alone.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });

  // Not 'load': the code boot.js adds once the page has painted delays the load event while it is held.
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill(label);
  await search.press('Enter');
  await expect(page.locator('html')).toHaveClass(/light/);
  release();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(page).toHaveURL(`/search?q=${label}`);
  await expect(page.getByRole('link', { name: `${label} question number 1` })).toBeVisible();

  // A member's reply typed before the post page's code arrived is the reply posted.
  const heldPost = new Promise<void>((resolve) => (release = resolve));
  await page.unrouteAll();
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await heldPost;
    await route.continue();
  });
  await page.goto(`/post/${postId}`, { waitUntil: 'domcontentloaded' });
  const replyBox = page.getByRole('textbox', { name: MSG.addReply });
  await replyBox.fill('Typed while the page was still loading its code.');
  release();
  await page.getByRole('button', { name: MSG.postReply }).click();
  await expect(page.getByRole('heading', { name: MSG.replyCount(1) })).toBeVisible();
  const replies = page.getByRole('list', { name: 'Replies' }).getByRole('article');
  await expect(replies).toHaveCount(1);
  await expect(replies).toContainText('Typed while the page was still loading its code.');
  // Posted once, the box is empty again (a controlled box keeps its text as content until then).
  await expect(replyBox).toHaveValue('');
});
