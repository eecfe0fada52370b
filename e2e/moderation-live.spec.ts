import { test, expect } from '@playwright/test';
import { MSG } from '@fenestra/shared';
import { createMember } from './support/members';
import { insertPublicPosts } from './support/posts';
import { e2eDb } from './support/db';
import { E2E_BASE_URL } from './support/env';

// What staff do shows in other windows without a reload: the event stream tells them.

test('the review queue, its card and the member list update live in a second staff window', async ({ browser }) => {
  const [first, second, authorContext] = await Promise.all([
    browser.newContext(),
    browser.newContext(),
    browser.newContext(),
  ]);
  await createMember(first.request, { role: 'moderator' });
  await createMember(second.request, { role: 'admin' });
  const author = await createMember(authorContext.request, { username: `queued${Date.now() % 1_000_000}` });
  const [pageA, pageB] = await Promise.all([first.newPage(), second.newPage()]);
  await Promise.all([pageA.goto('/admin'), pageB.goto('/admin')]);
  const pendingCard = pageB.getByRole('region', { name: 'Statistics' }).getByText('Pending Review').locator('..');
  await expect(pendingCard).not.toContainText('—');
  const before = Number((await pendingCard.locator('p').nth(1).innerText()).replace(/\D/g, ''));

  const title = `Live queue question ${Date.now()}`;
  const asked = await authorContext.request.post(`${E2E_BASE_URL}/api/posts`, {
    headers: { origin: E2E_BASE_URL },
    data: {
      topic: 'doors',
      title,
      description: 'The latch on my storm door will not catch since the cold weather started.',
      tags: [],
    },
  });
  expect(asked.status()).toBe(201);
  for (const page of [pageA, pageB]) await expect(page.getByRole('article').filter({ hasText: title })).toBeVisible();
  await expect(pendingCard).toContainText(String(before + 1));

  await pageA.getByRole('article').filter({ hasText: title }).getByRole('button', { name: 'Approve' }).click();
  await expect(pageA.getByText(MSG.postApproved)).toBeVisible();
  await expect(pageB.getByRole('article').filter({ hasText: title })).toHaveCount(0);
  await expect(pendingCard).toContainText(String(before));

  // The member list follows profile changes: a ban from one window shows in the other.
  await Promise.all([pageA.goto('/admin/users'), pageB.goto('/admin/users')]);
  for (const page of [pageA, pageB]) {
    await page.getByLabel('Search members').fill(author.username);
    await expect(page.getByText('Showing 1 of')).toBeVisible();
  }
  await pageA.getByRole('button', { name: `Actions for @${author.username}` }).click();
  await pageA.getByRole('menuitem', { name: 'Ban User' }).click();
  await pageA.getByRole('dialog').getByLabel('Reason').fill('Testing live lists');
  await pageA.getByRole('dialog').getByRole('button', { name: 'Ban User' }).click();
  await expect(pageA.getByText(MSG.userBanned)).toBeVisible();
  await expect(pageB.getByTestId('user-row').filter({ hasText: author.username }).getByText('Banned')).toBeVisible();
  await Promise.all([first.close(), second.close(), authorContext.close()]);
});

test('pinning, unpinning and deleting a reply show live in a visitor’s window', async ({ browser }) => {
  const [staffContext, visitorContext] = await Promise.all([browser.newContext(), browser.newContext()]);
  const staff = await createMember(staffContext.request, { role: 'moderator' });
  const older = await createMember(visitorContext.request, { username: `early${Date.now() % 1_000_000}` });
  const newer = await createMember(visitorContext.request, { username: `late${Date.now() % 1_000_000}` });
  await visitorContext.clearCookies();
  const [postId] = await insertPublicPosts({ authorId: staff.id, count: 1, label: `LivePins${Date.now()}` });
  for (const [who, minutes] of [
    [older, 30],
    [newer, 10],
  ] as const) {
    await e2eDb().query(
      `INSERT INTO replies (post_id, user_id, content, created_at)
      VALUES ($1, $2, $3, now() - $4 * interval '1 minute')`,
      [postId, who.id, `A reply from ${who.username} with enough words.`, minutes],
    );
  }
  await e2eDb().query('UPDATE posts SET reply_count = 2 WHERE id = $1', [postId]);

  const [staffPage, visitorPage] = await Promise.all([staffContext.newPage(), visitorContext.newPage()]);
  await Promise.all([staffPage.goto(`/post/${postId}`), visitorPage.goto(`/post/${postId}`)]);
  const replies = visitorPage.getByRole('list', { name: 'Replies' }).getByRole('article');
  await expect(replies).toHaveCount(2);
  await expect(replies.first()).toContainText(older.username);

  await staffPage.getByRole('button', { name: `Pin reply by ${newer.username}` }).click();
  await expect(staffPage.getByText(MSG.replyPinned)).toBeVisible();
  // The pinned reply comes first, with its marker, in the other window.
  await expect(replies.first()).toContainText(newer.username);
  await expect(replies.first()).toContainText(MSG.pinnedReply);

  await staffPage.getByRole('button', { name: `Unpin reply by ${newer.username}` }).click();
  await expect(staffPage.getByText(MSG.replyUnpinned)).toBeVisible();
  await expect(replies.first()).toContainText(older.username);
  await expect(visitorPage.getByText(MSG.pinnedReply)).toHaveCount(0);

  await staffPage.getByRole('button', { name: `Delete reply by ${older.username}` }).click();
  await staffPage.getByRole('dialog').getByRole('button', { name: 'Delete Reply' }).click();
  await expect(staffPage.getByText(MSG.replyDeleted)).toBeVisible();
  await expect(replies).toHaveCount(1);
  await expect(visitorPage.getByRole('heading', { name: MSG.replyCount(1) })).toBeVisible();
  await Promise.all([staffContext.close(), visitorContext.close()]);
});
