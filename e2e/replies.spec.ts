import { test, expect, type Page } from '@playwright/test';
import { MSG } from '@fenestra/shared';
import { createMember } from './support/members';
import { insertPublicPosts } from './support/posts';
import { phonePhotos } from './support/media';
import { expectNoAxeViolations } from './support/axe';

const replyBox = (page: Page) => page.getByRole('textbox', { name: MSG.addReply });
const postReply = (page: Page) => page.getByRole('button', { name: MSG.postReply });
const toast = (page: Page, text: string) =>
  page.getByRole('region', { name: /Messages/ }).getByText(text, { exact: true });

test('a member replies with photos and a link, after each validation message', async ({ page, context }) => {
  test.setTimeout(60_000);
  const author = await createMember(context.request);
  const [postId] = await insertPublicPosts({ authorId: author.id, count: 1, label: `Reply form ${Date.now()}` });
  await createMember(context.request);
  await page.goto(`/post/${postId}`);
  await expect(page.getByRole('heading', { name: MSG.replyCount(0) })).toBeVisible();

  // Blank: Post Reply stays disabled. Too short, then too long: the rule's message as a toast.
  await expect(postReply(page)).toBeDisabled();
  await replyBox(page).fill('   ');
  await expect(postReply(page)).toBeDisabled();
  await replyBox(page).fill('Too short');
  await postReply(page).click();
  await expect(toast(page, MSG.replyMin)).toBeVisible();
  await replyBox(page).fill('x'.repeat(5001));
  await postReply(page).click();
  await expect(toast(page, MSG.replyMax)).toBeVisible();

  // The insert-hyperlink dialog: http(s) only; writes [text](url) where the cursor is.
  await replyBox(page).fill('The maker lists this part on');
  await page.getByRole('button', { name: 'Insert link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Insert a link' });
  await dialog.getByLabel(MSG.linkText).fill('their parts page');
  await dialog.getByLabel(MSG.linkUrl).fill('javascript:alert(1)');
  await dialog.getByRole('button', { name: 'Insert Link' }).click();
  await expect(dialog.getByText(MSG.invalidHttpUrl)).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByLabel(MSG.linkUrl).fill('https://parts.example/crank');
  await dialog.getByRole('button', { name: 'Insert Link' }).click();
  await expect(dialog).toBeHidden();
  await expect(replyBox(page)).toHaveValue(
    'The maker lists this part on [their parts page](https://parts.example/crank)',
  );
  // Empty Link Text writes the bare address.
  await replyBox(page).press('End');
  await page.getByRole('button', { name: 'Insert link' }).click();
  await dialog.getByLabel(MSG.linkUrl).fill('http://example.com/guide');
  await dialog.getByRole('button', { name: 'Insert Link' }).click();
  await expect(replyBox(page)).toHaveValue(
    'The maker lists this part on [their parts page](https://parts.example/crank) http://example.com/guide',
  );

  // Two photos through the upload pipeline.
  const photos = await phonePhotos();
  await page.getByLabel('Add photos').setInputFiles([photos.png, photos.webp]);
  await expect(toast(page, MSG.imagesUploaded(2))).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('list', { name: 'Uploaded media' }).getByRole('img')).toHaveCount(2);

  await postReply(page).click();
  await expect(toast(page, MSG.replyPosted)).toBeVisible();
  await expect(replyBox(page)).toHaveValue('');
  await expect(page.getByRole('heading', { name: MSG.replyCount(1) })).toBeVisible();

  const reply = page.getByRole('list', { name: 'Replies' }).getByRole('article');
  const link = reply.getByRole('link', { name: 'their parts page' });
  await expect(link).toHaveAttribute('href', 'https://parts.example/crank');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
  await expect(reply.getByRole('link', { name: 'http://example.com/guide' })).toHaveAttribute(
    'href',
    'http://example.com/guide',
  );

  // The reply's thumbnails open the media viewer.
  await reply.getByRole('button', { name: 'Open reply image 2' }).click();
  const viewer = page.getByRole('dialog', { name: 'Media viewer' });
  await expect(viewer.getByText('2 / 2')).toBeVisible();
  await expect(viewer.getByRole('img', { name: 'Reply image 2' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
});

test('a visitor sees Post Reply disabled; a solved question shows the solved card, not the form', async ({
  page,
  request,
}) => {
  const author = await createMember(request);
  const [openId] = await insertPublicPosts({ authorId: author.id, count: 1, label: `Visitor reply ${Date.now()}` });
  const [solvedId] = await insertPublicPosts({
    authorId: author.id,
    count: 1,
    status: 'solved',
    label: `Solved reply ${Date.now()}`,
  });

  await page.goto(`/post/${openId}`);
  await replyBox(page).fill('A reply typed by someone who is not signed in');
  await expect(postReply(page)).toBeDisabled();
  await expect(page.getByText(MSG.replySignIn, { exact: true })).toBeVisible();
  await expect(page.getByLabel('Add photos')).toHaveCount(0);

  await page.goto(`/post/${solvedId}`);
  await expect(page.getByText(MSG.solvedCard)).toBeVisible();
  await expect(page.getByText(MSG.repliesDisabled)).toBeVisible();
  await expect(replyBox(page)).toHaveCount(0);
});
