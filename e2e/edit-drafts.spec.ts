import { test, expect, type Page } from '@playwright/test';
import { MSG } from '@fenestra/shared';
import { createMember } from './support/members';
import { insertPublicPosts } from './support/posts';
import { replyThroughApi } from './support/replies';
import { expectNoAxeViolations } from './support/axe';
import { openHydrated } from './support/hydration';

// Issue 25 'drafts apply to edits too': a half-written edit of a question or a reply survives a reload (and another
// device: the server's copy), comes back with 'Draft restored', and goes on save or on Cancel after asking.

const toast = (page: Page, text: string) =>
  page.getByRole('region', { name: /Messages/ }).getByText(text, { exact: true });

/** Waits for the server's copy of the draft (saved when typing pauses), then forgets this browser's. */
async function keptOnServerOnly(page: Page, path: string) {
  await page.waitForResponse((res) => res.request().method() === 'PUT' && res.url().includes(path) && res.ok());
  await page.evaluate(() => localStorage.clear());
}

test('a half-written edit of a question survives a reload from the server; Cancel asks, then drops it', async ({
  page,
  context,
}) => {
  const author = await createMember(context.request);
  const [postId] = await insertPublicPosts({ authorId: author.id, count: 1, label: `Edit draft ${Date.now()}` });
  await openHydrated(page, `/post/${postId}/edit`);
  const form = page.getByRole('form', { name: MSG.editQuestion });
  const description = form.getByRole('textbox', { name: 'Description' });
  const stored = await description.inputValue();
  const typed = `${stored}\n\n1. The keeper is **cracked**\n2. The screws are loose`;
  await description.fill(typed);
  await keptOnServerOnly(page, `/api/drafts/question-edits/${postId}`);

  await page.reload();
  await expect(form.getByRole('status').filter({ hasText: MSG.draftRestored })).toBeVisible();
  await expect(description).toHaveValue(typed);
  await expectNoAxeViolations(page);

  await form.getByRole('button', { name: 'Cancel', exact: true }).click();
  const ask = form.getByRole('alert').filter({ hasText: 'Discard your changes?' });
  await expect(ask).toBeVisible();
  await expect(ask.getByRole('button', { name: 'Keep editing' })).toBeFocused();
  await expectNoAxeViolations(page);
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(ask).toBeHidden();
  await expect(description).toHaveValue(typed);
  await form.getByRole('button', { name: 'Cancel', exact: true }).click();
  await ask.getByRole('button', { name: 'Discard changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/post/${postId}$`));

  await page.goto(`/post/${postId}/edit`);
  await expect(description).toHaveValue(stored);
  await expect(page.getByText(MSG.draftRestored)).toHaveCount(0);
});

test('a half-written edit of a reply survives closing the dialog and a reload, and goes when saved', async ({
  page,
  context,
}) => {
  const author = await createMember(context.request);
  const [postId] = await insertPublicPosts({ authorId: author.id, count: 1, label: `Reply draft ${Date.now()}` });
  await replyThroughApi(context.request, postId!, 'The roller number is on its side.');
  await openHydrated(page, `/post/${postId}`);
  const dialog = page.getByRole('dialog', { name: MSG.editReply });
  const text = dialog.getByRole('textbox', { name: 'Reply' });
  await page.getByRole('button', { name: MSG.editReply }).click();
  await text.fill('The roller number is on its side: **D-37**.');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.reload();
  await page.getByRole('button', { name: MSG.editReply }).click();
  await expect(dialog.getByRole('status').filter({ hasText: MSG.draftRestored })).toBeVisible();
  await expect(text).toHaveValue('The roller number is on its side: **D-37**.');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: MSG.saveChanges }).click();
  await expect(toast(page, MSG.replyUpdated)).toBeVisible();
  await expect(page.getByText('The roller number is on its side: D-37.')).toBeVisible();

  await page.reload();
  await page.getByRole('button', { name: MSG.editReply }).click();
  await expect(text).toHaveValue('The roller number is on its side: **D-37**.');
  await expect(dialog.getByText(MSG.draftRestored)).toHaveCount(0);
});
