import { test, expect, type Page } from '@playwright/test';
import { MSG } from '@fenestra/shared';
import { createMember } from './support/members';
import { insertPublicPosts } from './support/posts';
import { replyThroughApi } from './support/replies';
import { expectNoAxeViolations } from './support/axe';
import { openHydrated } from './support/hydration';

// Issue 25 'Composing': drafts survive a reload, '@' suggests members, a selection is quoted, Write / Preview.

const replyBox = (page: Page) => page.getByRole('textbox', { name: MSG.addReply });

test('a half-written reply survives a reload; Preview shows it formatted; Discard empties it', async ({
  page,
  context,
}) => {
  const member = await createMember(context.request);
  const [postId] = await insertPublicPosts({ authorId: member.id, count: 1, label: `Draft ${Date.now()}` });
  await openHydrated(page, `/post/${postId}`);
  await replyBox(page).fill('Steps that worked:\n1. Lift the sash\n2. Turn the shoe');
  await replyBox(page).press('Control+a');
  await replyBox(page).press('Control+b');
  await expect(replyBox(page)).toHaveValue('**Steps that worked:\n1. Lift the sash\n2. Turn the shoe**');

  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: MSG.draftRestored })).toBeVisible();
  await expect(replyBox(page)).toHaveValue('**Steps that worked:\n1. Lift the sash\n2. Turn the shoe**');

  await replyBox(page).fill('Steps that worked:\n\n1. Lift the sash\n2. Turn the shoe');
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Preview', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('listitem').filter({ hasText: 'Turn the shoe' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Write', exact: true }).click();

  await page.getByRole('button', { name: MSG.discardDraft }).click();
  await expect(replyBox(page)).toHaveValue('');
  await page.reload();
  await expect(replyBox(page)).toHaveValue('');
  await expect(page.getByText(MSG.draftRestored)).toHaveCount(0);
});

test("'@' and a letter suggests members, the thread's first; arrow keys and Enter choose", async ({
  page,
  context,
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const asker = await createMember(context.request, { username: `zq${stamp}asker` });
  const [postId] = await insertPublicPosts({ authorId: asker.id, count: 1, label: `Mention ${stamp}` });
  const helperContext = await browser.newContext();
  const helper = await createMember(helperContext.request, { username: `zq${stamp}helper` });
  await replyThroughApi(helperContext.request, postId!, 'The shoe is a Truth 15-series, check the stamp.');
  await helperContext.close();
  await createMember(context.request, { username: `zq${stamp}aaa` });

  await openHydrated(page, `/post/${postId}`);
  await replyBox(page).fill(`Thanks @zq${stamp}`);
  const list = page.getByRole('listbox', { name: 'Members to mention' });
  await expect(list.getByRole('option')).toHaveText([
    new RegExp(`@${asker.username}$`),
    new RegExp(`@${helper.username}$`),
    new RegExp(`@zq${stamp}aaa$`),
  ]);
  await expect(list.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await expectNoAxeViolations(page);
  await replyBox(page).press('ArrowDown');
  await expect(list.getByRole('option').nth(1)).toHaveAttribute('aria-selected', 'true');
  await replyBox(page).press('Enter');
  await expect(list).toBeHidden();
  await expect(replyBox(page)).toHaveValue(`Thanks @${helper.username} `);
});

test("selecting words of a reply offers 'Quote', which adds them with '@author wrote:'", async ({
  page,
  context,
  browser,
}) => {
  const member = await createMember(context.request);
  const [postId] = await insertPublicPosts({ authorId: member.id, count: 1, label: `Quote ${Date.now()}` });
  const helperContext = await browser.newContext();
  const helper = await createMember(helperContext.request);
  await replyThroughApi(helperContext.request, postId!, 'Loosen the two screws under the keeper first.');
  await helperContext.close();

  await openHydrated(page, `/post/${postId}`);
  const words = page.getByRole('article', { name: `Reply by ${helper.username}` }).getByText('Loosen the two screws');
  await words.selectText();
  await page.getByRole('button', { name: 'Quote', exact: true }).click();
  await expect(replyBox(page)).toHaveValue(
    `> @${helper.username} wrote:\n> Loosen the two screws under the keeper first.\n\n`,
  );
  await expect(replyBox(page)).toBeFocused();
});
