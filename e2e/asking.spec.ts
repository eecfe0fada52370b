import { test, expect, type Page } from '@playwright/test';
import { MSG } from '@fenestra/shared';
import { statSync } from 'node:fs';
import sharp from 'sharp';
import { createMember } from './support/members';
import { e2eDb } from './support/db';
import { E2E_BASE_URL } from './support/env';
import { phonePhotos, textFileNamedJpg, bigJpeg, clip2s, clip301s } from './support/media';
import { expectNoAxeViolations } from './support/axe';

const picker = (page: Page) => page.getByLabel('Add photos or a video');

test('a member asks with 3 photos and a video; a moderator approves; a visitor finds it', async ({ browser }) => {
  test.setTimeout(90_000);
  const memberContext = await browser.newContext();
  const page = await memberContext.newPage();
  const member = await createMember(memberContext.request);
  const photos = await phonePhotos();

  await page.goto('/ask');
  await expect(page.getByRole('heading', { name: /ask/i }).first()).toBeVisible();

  // Client-side refusals, each with the specification's message.
  await picker(page).setInputFiles(textFileNamedJpg());
  await expect(page.getByText('notes.jpg is not a valid image type')).toBeVisible();
  const big = await bigJpeg();
  expect(statSync(big).size).toBeGreaterThan(5 * 1024 * 1024);
  await picker(page).setInputFiles(big);
  await expect(page.getByText('huge.jpg exceeds 5MB limit')).toBeVisible();
  await picker(page).setInputFiles(clip301s);
  await expect(page.getByText(MSG.videoTooLong)).toBeVisible();

  await picker(page).setInputFiles([photos.png, photos.jpegWithGps, photos.webp]);
  await expect(page.getByText(MSG.imagesUploaded(3))).toBeVisible({ timeout: 20_000 });
  await picker(page).setInputFiles(clip2s);
  await expect(page.getByText(MSG.videoUploaded)).toBeVisible({ timeout: 20_000 });
  await picker(page).setInputFiles(photos.png);
  await expect(page.getByText(MSG.maxImages)).toBeVisible();
  await picker(page).setInputFiles(clip2s);
  await expect(page.getByText(MSG.maxVideos)).toBeVisible();

  const title = `Sliding patio door roller, two wheels ${Date.now()}`;
  await page.getByLabel('Topic', { exact: true }).selectOption('doors');
  await page.getByLabel('Title').fill(title);
  await page
    .getByLabel('Description')
    .fill(
      'The roller on our sliding patio door has flat spots and grinds. It has two steel wheels in a plastic housing; photos attached.',
    );
  await page.getByLabel('Tags').fill('patio door');
  await page.getByLabel('Tags').press('Enter');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Submit Question' }).click();
  await expect(page.getByText(MSG.questionSubmitted)).toBeVisible();
  await expect(page).toHaveURL('/');

  // Pending on My Posts.
  await page.goto('/my-posts');
  const mine = page.getByRole('article').filter({ hasText: title });
  await expect(mine.getByText('Pending review')).toBeVisible();

  // What was stored: four files, the JPEG without GPS.
  const { rows } = await e2eDb().query(
    `SELECT i.image_url FROM post_images i JOIN posts p ON p.id = i.post_id WHERE p.title = $1 ORDER BY i.display_order`,
    [title],
  );
  expect(rows).toHaveLength(3);
  for (const { image_url } of rows) {
    const res = await memberContext.request.get(`${E2E_BASE_URL}${image_url}`);
    expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(await res.body()).metadata();
    expect(meta.exif).toBeUndefined();
  }

  // A visitor cannot see it yet.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  const postId = (await e2eDb().query(`SELECT id FROM posts WHERE title = $1`, [title])).rows[0].id;
  // Not there for them: the server answers 404 with its not-found page (decision 034).
  expect((await visitorPage.goto(`/post/${postId}`))?.status()).toBe(404);
  await expect(visitorPage.getByRole('heading', { name: MSG.notFound })).toBeVisible();

  // A moderator approves it from the queue.
  const modContext = await browser.newContext();
  const modPage = await modContext.newPage();
  await createMember(modContext.request, { role: 'moderator' });
  await modPage.goto('/admin/moderation');
  const row = modPage.getByRole('article').filter({ hasText: title });
  await row.getByRole('button', { name: 'Approve' }).click();
  await expect(modPage.getByText(MSG.postApproved)).toBeVisible();
  await expect(modPage.getByRole('article').filter({ hasText: title })).toHaveCount(0);

  // Now on the home list for a visitor, with its photos and video; the page opens.
  await visitorPage.goto('/?topic=doors');
  const card = visitorPage.getByRole('article').filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(card.getByText('In Progress')).toBeVisible();
  await card.getByRole('link', { name: title }).click();
  await expect(visitorPage.getByRole('heading', { name: title })).toBeVisible();
  await expect(visitorPage.getByText('0:02')).toBeVisible();
  expect(member.username).toBeTruthy();
  await Promise.all([memberContext.close(), visitor.close(), modContext.close()]);
});

test('a denied question shows its reason to its author only', async ({ browser }) => {
  const authorContext = await browser.newContext();
  const author = await authorContext.newPage();
  const me = await createMember(authorContext.request);
  const title = `Selling a box of old sash weights ${Date.now()}`;
  const created = await authorContext.request.post(`${E2E_BASE_URL}/api/posts`, {
    headers: { origin: E2E_BASE_URL },
    data: {
      topic: 'misc',
      title,
      description: 'I have forty cast iron sash weights to sell, various sizes, collection only please.',
      tags: [],
    },
  });
  expect(created.status()).toBe(201);
  const { id } = await created.json();

  const modContext = await browser.newContext();
  const mod = await modContext.newPage();
  await createMember(modContext.request, { role: 'moderator' });
  await mod.goto('/admin');
  const row = mod.getByRole('article').filter({ hasText: title });
  await row.getByRole('button', { name: 'Deny' }).click();
  const dialog = mod.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Deny Post' }).click();
  await expect(mod.getByText(MSG.reasonRequired).first()).toBeVisible();
  await dialog.getByLabel('Reason').fill('Sales listings are not allowed here.');
  await expectNoAxeViolations(mod);
  await dialog.getByRole('button', { name: 'Deny Post' }).click();
  await expect(mod.getByText(MSG.postDenied)).toBeVisible();

  await author.goto(`/post/${id}`);
  await expect(author.getByText('Sales listings are not allowed here.')).toBeVisible();
  expect(me.id).toBeTruthy();

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await createMember(other.request);
  expect((await otherPage.goto(`/post/${id}`))?.status()).toBe(404);
  await expect(otherPage.getByRole('heading', { name: MSG.notFound })).toBeVisible();
  await expect(otherPage.getByText('Sales listings are not allowed here.')).toHaveCount(0);
  await Promise.all([authorContext.close(), modContext.close(), other.close()]);
});
