import { test, expect, type Page } from '@playwright/test';
import { MSG, POST_ACTION_INFO } from '@fenestra/shared';
import { createMember, PASSWORD, type TestMember } from './support/members';
import { insertPublicPosts } from './support/posts';
import { expectNoAxeViolations } from './support/axe';
import { e2eDb } from './support/db';

/**
 * Opens a post action's dialog, tries a wrong word, then the right one in lower case. The right word's click must
 * send the action and have it answered 200: a failure says which went wrong (no request: the click was not acted on;
 * an error: its status and body, which the toast showed only behind the modal, hidden from the page snapshot).
 */
async function confirmPostAction(page: Page, label: string, word: string) {
  await page.getByRole('region', { name: 'Moderation' }).getByRole('button', { name: label }).click();
  const dialog = page.getByRole('dialog');
  const field = dialog.getByLabel(`Type ${word} to confirm`);
  await field.fill('nope');
  await dialog.getByRole('button', { name: label }).click();
  await expect(dialog.getByText(MSG.confirmWord(word))).toBeVisible();
  await field.fill(word.toLowerCase());
  const sent = page.waitForResponse((r) => r.url().includes('/api/admin/posts/') && r.request().method() !== 'GET', {
    timeout: 7_000,
  });
  await dialog.getByRole('button', { name: label }).click();
  const answer = await sent.catch(() => {
    throw new Error(`The click on '${label}' with '${word.toLowerCase()}' typed sent no request within 7 s`);
  });
  expect(answer.status(), `${answer.request().method()} ${answer.url()}: ${await answer.text()}`).toBe(200);
  await expect(dialog).toHaveCount(0);
}

test('staff solve, reopen, unapprove and delete a post, each behind its typed word', async ({ page, context }) => {
  const staff = await createMember(context.request, { role: 'moderator' });
  const [postId] = await insertPublicPosts({ authorId: staff.id, count: 1, label: `Actions${Date.now()}` });
  await page.goto(`/post/${postId}`);

  await confirmPostAction(page, 'Mark as Solved', 'SOLVE');
  await expect(page.getByText(POST_ACTION_INFO.solve.success)).toBeVisible();
  const article = page.getByRole('article');
  await expect(article.getByText('Solved', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Moderation' }).getByRole('button')).toHaveText(['Reopen', 'Delete']);
  await expectNoAxeViolations(page);

  await confirmPostAction(page, 'Reopen', 'REOPEN');
  await expect(page.getByText(POST_ACTION_INFO.reopen.success)).toBeVisible();
  await expect(article.getByText('In Progress')).toBeVisible();

  await confirmPostAction(page, 'Unapprove', 'UNAPPROVE');
  await expect(page.getByText(POST_ACTION_INFO.unapprove.success)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Moderation' }).getByRole('button')).toHaveText(['Delete']);

  await page.getByRole('region', { name: 'Moderation' }).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByLabel('Type DELETE to confirm').fill('Delete');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(POST_ACTION_INFO.delete.success)).toBeVisible();
  await expect(page).toHaveURL('/');
  expect((await e2eDb().query('SELECT 1 FROM posts WHERE id = $1', [postId])).rows).toEqual([]);

  // The log tab has all four, newest first.
  await page.goto('/admin/moderation?tab=log');
  await page.getByLabel('Staff member').fill(staff.username);
  await expect(page.getByTestId('log-entry').first()).toContainText('deleted post');
  await expect(page.getByTestId('log-entry')).toHaveCount(4);
  await expectNoAxeViolations(page);
});

test('members see no moderation controls', async ({ page, context }) => {
  const member = await createMember(context.request);
  const [postId] = await insertPublicPosts({ authorId: member.id, count: 1, label: `NoControls${Date.now()}` });
  await page.goto(`/post/${postId}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Moderation' })).toHaveCount(0);
});

/** The member's row on /admin/users, found by searching their username. */
async function memberRow(page: Page, member: TestMember) {
  await page.getByLabel('Search members').fill(member.username);
  await expect(page.getByText('Showing 1 of')).toBeVisible();
  return page.getByTestId('user-row').filter({ hasText: `@${member.username}` });
}

async function signInThroughForm(page: Page, member: TestMember) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
}

test('a 7-day ban stops sign-in with the reason and end date; unban lets the member back', async ({
  page,
  context,
  browser,
}) => {
  await createMember(context.request, { role: 'admin' });
  const memberContext = await browser.newContext();
  const member = await createMember(memberContext.request, { username: `banme${Date.now() % 1_000_000}` });
  await page.goto('/admin/users');
  await expect(page.getByText(/^Showing \d+ of \d+ users$/)).toBeVisible();
  await expectNoAxeViolations(page);

  const row = await memberRow(page, member);
  await row.getByRole('button', { name: `Actions for @${member.username}` }).click();
  await page.getByRole('menuitem', { name: 'Ban User' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Ban User' }).click();
  await expect(dialog.getByText(MSG.banReasonPrompt)).toBeVisible();
  await dialog.getByLabel('Reason').fill('Posting spam links');
  await dialog.getByLabel('Duration').selectOption('7');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Ban User' }).click();
  await expect(page.getByText(MSG.userBanned)).toBeVisible();
  await expect(row.getByText('Banned')).toBeVisible();
  const end = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  await expect(row.getByText(`until ${end}`)).toBeVisible();

  // The member's open page has lost its session; signing in shows why, and until when.
  const memberPage = await memberContext.newPage();
  await signInThroughForm(memberPage, member);
  await expect(memberPage.getByText(MSG.bannedSignIn('Posting spam links', end))).toBeVisible();
  await expect(memberPage).toHaveURL(/\/auth/);

  await row.getByRole('button', { name: `Actions for @${member.username}` }).click();
  await page.getByRole('menuitem', { name: 'Unban User' }).click();
  await expect(page.getByText(MSG.userUnbanned)).toBeVisible();
  await expect(row.getByText('Active')).toBeVisible();
  await signInThroughForm(memberPage, member);
  await expect(memberPage.getByText(MSG.welcomeBack)).toBeVisible();
  await memberContext.close();
});

test('deleting a member takes the exact word CONFIRM; an admin changes a role', async ({ page, context, request }) => {
  await createMember(context.request, { role: 'admin' });
  const doomed = await createMember(request, { username: `doomed${Date.now() % 1_000_000}` });
  const promoted = await createMember(request, { username: `promo${Date.now() % 1_000_000}` });
  await page.goto('/admin/users');

  let row = await memberRow(page, promoted);
  await row.getByRole('button', { name: `Actions for @${promoted.username}` }).click();
  await page.getByRole('menuitem', { name: 'Edit Role' }).click();
  await page.getByRole('dialog').getByLabel('Role').selectOption('moderator');
  await page.getByRole('dialog').getByRole('button', { name: 'Save Role' }).click();
  await expect(page.getByText(MSG.roleUpdated)).toBeVisible();
  await expect(row.getByText('Moderator')).toBeVisible();

  row = await memberRow(page, doomed);
  await row.getByRole('button', { name: `Actions for @${doomed.username}` }).click();
  await page.getByRole('menuitem', { name: 'Delete User' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Type CONFIRM to confirm').fill('confirm');
  await dialog.getByRole('button', { name: 'Delete User' }).click();
  await expect(dialog.getByText(MSG.confirmWord('CONFIRM'))).toBeVisible();
  expect((await e2eDb().query('SELECT 1 FROM profiles WHERE id = $1', [doomed.id])).rows).toHaveLength(1);
  await expectNoAxeViolations(page);
  await dialog.getByLabel('Type CONFIRM to confirm').fill('CONFIRM');
  await dialog.getByRole('button', { name: 'Delete User' }).click();
  await expect(page.getByText(MSG.userDeleted)).toBeVisible();
  await expect(page.getByText('Showing 0 of')).toBeVisible();
  expect((await e2eDb().query('SELECT 1 FROM profiles WHERE id = $1', [doomed.id])).rows).toEqual([]);
});

test('moderators see no Edit Role and cannot act on admins', async ({ page, context, request }) => {
  await createMember(context.request, { role: 'moderator' });
  const admin = await createMember(request, { role: 'admin', username: `boss${Date.now() % 1_000_000}` });
  await page.goto('/admin/users');
  const row = await memberRow(page, admin);
  await expect(row.getByRole('button', { name: `Actions for @${admin.username}` })).toHaveCount(0);
});
