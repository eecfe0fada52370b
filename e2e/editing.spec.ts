import { readFileSync } from 'node:fs';
import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { MSG } from '@fenestra/shared';
import { createMember } from './support/members';
import { insertPublicPosts } from './support/posts';
import { replyThroughApi } from './support/replies';
import { phonePhotos } from './support/media';
import { expectNoAxeViolations } from './support/axe';
import { e2eDb } from './support/db';
import { E2E_BASE_URL } from './support/env';

// Issue 23: members fix their own words and choose the answer that worked.

const toast = (page: Page, text: string) =>
  page.getByRole('region', { name: /Messages/ }).getByText(text, { exact: true });

/** A photo uploaded as the member of `request`; its upload id. */
async function uploadPhoto(request: APIRequestContext, name: string): Promise<string> {
  const { png } = await phonePhotos();
  const res = await request.post(`${E2E_BASE_URL}/api/uploads/images`, {
    headers: { origin: E2E_BASE_URL },
    multipart: { files: { name, mimeType: 'image/png', buffer: readFileSync(png) } },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { files: { id: string }[] }).files[0]!.id;
}

/** A question asked an hour ago (past the 5-minute fold of its writing), with two photos, made public. */
async function questionWithPhotos(request: APIRequestContext, title: string): Promise<string> {
  const imageUploadIds = [await uploadPhoto(request, 'crank-1.png'), await uploadPhoto(request, 'crank-2.png')];
  const res = await request.post(`${E2E_BASE_URL}/api/posts`, {
    headers: { origin: E2E_BASE_URL },
    data: {
      topic: 'windows',
      title,
      description: 'The crank on my casement window spins freely and the sash stays shut whatever I do.',
      tags: ['casement'],
      imageUploadIds,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  await e2eDb().query("UPDATE posts SET status = 'open', created_at = now() - interval '1 hour' WHERE id = $1", [id]);
  return id;
}

/**
 * Opens a page and waits until it is hydrated: a link clicked while the server-drawn page hydrates can be lost
 * (public/boot.js holds buttons and forms, not links), so a test follows a link on it only after that.
 */
async function openHydrated(page: Page, url: string) {
  await page.addInitScript(() =>
    document.addEventListener('fenestra:hydrated', () =>
      document.documentElement.setAttribute('data-e2e-hydrated', ''),
    ),
  );
  await page.goto(url);
  await page.locator('html[data-e2e-hydrated]').waitFor({ state: 'attached' });
}

test('the author edits a question, removing a photo, and a second window sees it at once', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(60_000);
  await createMember(context.request);
  const title = `Casement crank spins ${Date.now()}`;
  const postId = await questionWithPhotos(context.request, title);

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/post/${postId}`);
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(visitor.getByRole('button', { name: /^Open image \d/ })).toHaveCount(2);

  await openHydrated(page, `/post/${postId}`);
  await page.getByRole('link', { name: MSG.editQuestion }).click();
  const form = page.getByRole('form', { name: MSG.editQuestion });
  await expect(form.getByLabel('Title')).toHaveValue(title);
  await form.getByRole('button', { name: 'Remove Image 1' }).click();
  await form.getByLabel('Title').fill(`${title} (Truth operator)`);
  await form.getByRole('button', { name: MSG.saveChanges }).click();
  await expect(toast(page, MSG.questionUpdated)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/post/${postId}$`));

  // Live on the other page, without a reload: the new title, one photo, and 'edited'.
  await expect(visitor.getByRole('heading', { level: 1, name: `${title} (Truth operator)` })).toBeVisible();
  await expect(visitor.getByRole('button', { name: /^Open image \d/ })).toHaveCount(1);
  await expect(visitor.getByRole('button', { name: /^edited .*edit history/ })).toBeVisible();
  await visitor.context().close();
});

test('a save based on an older version says so and reloads without losing the typed text', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  await createMember(context.request);
  const title = `Sash balance snapped ${Date.now()}`;
  const postId = await questionWithPhotos(context.request, title);
  await page.goto(`/post/${postId}/edit`);
  const form = page.getByRole('form', { name: MSG.editQuestion });
  await form.getByLabel('Title').fill(`${title}, typed here`);
  // Meanwhile another tab saves.
  const other = await context.request.patch(`${E2E_BASE_URL}/api/posts/${postId}`, {
    headers: { origin: E2E_BASE_URL },
    data: {
      topic: 'windows',
      title: `${title}, saved elsewhere`,
      description: 'The crank on my casement window spins freely and the sash stays shut whatever I do.',
      tags: ['casement'],
      keepImageIds: [],
      version: 1,
    },
  });
  expect(other.ok()).toBe(true);
  await form.getByRole('button', { name: MSG.saveChanges }).click();
  await expect(page.getByRole('alert').getByText(MSG.editConflict)).toBeVisible();
  await page.getByRole('button', { name: MSG.reloadKeepingText }).click();
  await expect(page.getByRole('alert')).toBeHidden();
  await expect(form.getByLabel('Title')).toHaveValue(`${title}, typed here`);
  await form.getByRole('button', { name: MSG.saveChanges }).click();
  await expect(toast(page, MSG.questionUpdated)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `${title}, typed here` })).toBeVisible();
});

test('a denied question is edited and resubmitted for review', async ({ page, context }) => {
  const author = await createMember(context.request);
  const [postId] = await insertPublicPosts({ authorId: author.id, count: 1, label: `Denied lock ${Date.now()}` });
  await e2eDb().query("UPDATE posts SET status = 'denied', denial_reason = 'Add a photo of the label' WHERE id = $1", [
    postId,
  ]);
  await openHydrated(page, `/post/${postId}`);
  await expect(page.getByText('Reason: Add a photo of the label')).toBeVisible();
  await page.getByRole('link', { name: MSG.editAndResubmit }).click();
  const form = page.getByRole('form', { name: MSG.editQuestion });
  await expect(form.getByLabel('Title')).toHaveValue(/Denied lock/);
  await expectNoAxeViolations(page);
  await form.getByLabel('Title').fill('Mortise lock with the label now described');
  await form.getByRole('button', { name: MSG.editAndResubmit }).click();
  await expect(toast(page, MSG.questionResubmitted)).toBeVisible();
  await expect(page.getByText('This question is waiting for review by a moderator.')).toBeVisible();
});

test('the asker accepts an answer: solved card, badge first, and a member marks a reply helpful', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(60_000);
  const author = await createMember(context.request);
  const [postId] = await insertPublicPosts({ authorId: author.id, count: 1, label: `Roller wheel ${Date.now()}` });
  const helperContext = await browser.newContext();
  await createMember(helperContext.request);
  await replyThroughApi(helperContext.request, postId!, 'First guess: a nylon roller, 22 mm across.');
  const answer = await replyThroughApi(helperContext.request, postId!, 'It is a 1-inch steel ball-bearing roller.');

  await page.goto(`/post/${postId}`);
  const answerCard = page.getByRole('article', { name: `Reply by ${answer.author.username}` }).last();
  const accept = answerCard.getByRole('button', { name: MSG.acceptAnswer });
  await expect(accept).toHaveAttribute('aria-pressed', 'false');
  await accept.click();
  await expect(toast(page, MSG.answerAccepted)).toBeVisible();
  await expect(page.getByText(MSG.solvedCard)).toBeVisible();
  await expect(page.getByText(MSG.repliesDisabled)).toBeVisible();
  const first = page.getByRole('list', { name: 'Replies' }).getByRole('listitem').first();
  await expect(first.getByRole('article', { name: `Reply by ${answer.author.username}` })).toContainText(
    answer.content,
  );
  await expect(first.locator('span', { hasText: MSG.acceptedAnswer })).toBeVisible();
  await expect(first.getByRole('button', { name: MSG.acceptedAnswer })).toHaveAttribute('aria-pressed', 'true');

  // Another member marks it helpful (a toggle with its count).
  const helper = await helperContext.newPage();
  const reader = await (await browser.newContext()).newPage();
  await createMember(reader.context().request);
  await reader.goto(`/post/${postId}`);
  const helpful = reader.getByRole('button', { name: `${MSG.helpful}, 0` }).first();
  await expect(helpful).toHaveAttribute('aria-pressed', 'false');
  await helpful.click();
  await expect(reader.getByRole('button', { name: `${MSG.helpful}, 1` })).toHaveAttribute('aria-pressed', 'true');
  await helper.close();
  await reader.context().close();
  await helperContext.close();
});

test('the revisions and edit-reply dialogs: changes marked, keyboard, axe light and dark at 375 px', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const author = await createMember(context.request);
  const [postId] = await insertPublicPosts({ authorId: author.id, count: 1, label: `Patio door ${Date.now()}` });
  await e2eDb().query("UPDATE posts SET created_at = now() - interval '1 hour' WHERE id = $1", [postId]);
  const edited = await context.request.patch(`${E2E_BASE_URL}/api/posts/${postId}`, {
    headers: { origin: E2E_BASE_URL },
    data: {
      topic: 'doors',
      title: 'Patio door roller grinds on the track',
      description: 'A long enough description about a hinge, and now about the patio door roller instead.',
      tags: [],
      version: 1,
    },
  });
  expect(edited.ok(), await edited.text()).toBe(true);
  const reply = await replyThroughApi(context.request, postId!, 'Update: I found the part number on the roller.');
  await e2eDb().query("UPDATE replies SET created_at = now() - interval '1 hour' WHERE id = $1", [reply.id]);

  for (const theme of ['light', 'dark'] as const) {
    await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
    // The phone width, where a dialog has the least room (the pages around it are walked in accessibility.spec.ts).
    for (const width of [375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/post/${postId}`);
      await expect(page.locator('html')).toHaveClass(new RegExp(theme));
      const opener = page.getByRole('button', { name: /^edited .*question's edit history/ });
      await opener.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: MSG.revisionsTitle });
      await expect(dialog.getByRole('listitem')).toHaveCount(1);
      await expect(dialog.locator('ins').first()).toBeVisible();
      await expect(dialog.locator('del').first()).toBeVisible();
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();

      await page.getByRole('button', { name: MSG.editReply }).click();
      const editDialog = page.getByRole('dialog', { name: MSG.editReply });
      await expect(editDialog.getByLabel('Reply')).toHaveValue(reply.content);
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
    }
  }

  // The reply's edit saves and shows 'edited'.
  await page.getByRole('button', { name: MSG.editReply }).click();
  const editDialog = page.getByRole('dialog', { name: MSG.editReply });
  await editDialog.getByLabel('Reply').fill('Update: the part number on the roller reads 1-3/4 D-37.');
  await editDialog.getByRole('button', { name: MSG.saveChanges }).click();
  await expect(toast(page, MSG.replyUpdated)).toBeVisible();
  await expect(page.getByText('Update: the part number on the roller reads 1-3/4 D-37.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^edited .*reply's edit history/ })).toBeVisible();
});
