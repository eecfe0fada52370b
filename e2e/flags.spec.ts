import { test, expect, type Page } from '@playwright/test';
import { MSG } from '@fenestra/shared';
import { createMember } from './support/members';
import { insertPublicPosts } from './support/posts';
import { replyThroughApi } from './support/replies';
import { expectNoAxeViolations } from './support/axe';

// Issue 26: members flag, staff decide live in the Flags tab, authors see what happened, new members have limits.

const toast = (page: Page, text: string) =>
  page.getByRole('region', { name: /Messages/ }).getByText(text, { exact: false });

test('a member flags a reply; staff see it live in the Flags tab and hide it; its author sees the notice', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const [staffContext, authorContext, flaggerContext] = await Promise.all([
    browser.newContext(),
    browser.newContext(),
    browser.newContext(),
  ]);
  await createMember(staffContext.request, { role: 'moderator' });
  const author = await createMember(authorContext.request, { username: `hinge${Date.now() % 1_000_000}` });
  await createMember(flaggerContext.request);
  const [postId] = await insertPublicPosts({ authorId: author.id, count: 1, label: `Flags ${Date.now()}` });
  const reply = await replyThroughApi(authorContext.request, postId!, 'Buy my miracle hinges, cheapest on the web.');

  const staffPage = await staffContext.newPage();
  await staffPage.goto('/admin/moderation?tab=flags');
  await expect(staffPage.getByRole('tab', { name: 'Flags' })).toHaveAttribute('aria-selected', 'true');
  const item = staffPage.getByRole('article', { name: `Reply by ${author.username}` });
  await expect(item).toHaveCount(0);

  const page = await flaggerContext.newPage();
  await page.goto(`/post/${postId}`);
  await page.getByRole('button', { name: `Flag reply by ${author.username}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Flag this reply' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  // 'Something else' needs a note.
  await dialog.getByLabel('Something else').check();
  await dialog.getByRole('button', { name: 'Send flag' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(MSG.flagNoteLength);
  await dialog.getByLabel('Spam').check();
  await dialog.getByRole('button', { name: 'Send flag' }).click();
  await expect(toast(page, MSG.flagThanks)).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // Live: the staff window shows the flag without a reload.
  await expect(item).toBeVisible();
  await expect(item).toContainText('Spam');
  await expectNoAxeViolations(staffPage);
  await item.getByRole('button', { name: 'Hide', exact: true }).click();
  await expect(toast(staffPage, MSG.flagDecided.hide)).toBeVisible();
  await expect(item).toHaveCount(0);

  // Others no longer see it; its author does, with the notice.
  await page.reload();
  await expect(page.getByRole('heading', { name: MSG.replyCount(0) })).toBeVisible();
  await expect(page.getByText(reply.content)).toHaveCount(0);
  const authorPage = await authorContext.newPage();
  await authorPage.goto(`/post/${postId}`);
  // Their held replies come once the page knows who is signed in (after hydration).
  await expect(authorPage.getByRole('note')).toContainText(MSG.replyHiddenNotice, { timeout: 20_000 });
  await expect(authorPage.getByText('Buy my miracle hinges')).toBeVisible();
  await Promise.all([staffContext.close(), authorContext.close(), flaggerContext.close()]);
});

test("a new member's reply with too many links is refused with its message", async ({ page, context }) => {
  const author = await createMember(context.request);
  const [postId] = await insertPublicPosts({ authorId: author.id, count: 1, label: `New member ${Date.now()}` });
  await createMember(context.request, { trustLevel: 0 });
  await page.goto(`/post/${postId}`);
  await expect(page.getByRole('heading', { name: MSG.replyCount(0) })).toBeVisible();
  const box = page.getByRole('textbox', { name: MSG.addReply });
  const send = page.getByRole('button', { name: MSG.postReply });
  // Typed once the server-drawn form is hydrated (text typed before is the page's, not the form's).
  await expect(async () => {
    await box.fill('See https://a.example/one and https://b.example/two and https://c.example/three for hinges.');
    await expect(send).toBeEnabled({ timeout: 1000 });
  }).toPass();
  await send.click();
  await expect(toast(page, MSG.newMemberLinks)).toBeVisible();
});
