import { test, expect, type APIRequestContext } from '@playwright/test';
import { WHAT_IS_NEW_TEXT } from '@fenestra/shared';
import { createMember } from './support/members';
import { insertPublicPosts } from './support/posts';
import { replyThroughApi } from './support/replies';
import { expectNoAxeViolations } from './support/axe';
import { e2eDb } from './support/db';
import { E2E_BASE_URL } from './support/env';
import { openHydrated } from './support/hydration';

// Issue 25 'What is new': coming back to a post shows what is new, and the home list offers new questions without
// moving; every notification has its page.

/** A member past level 0 (their replies are published at once), signed in on `request`. */
async function trustedMember(request: APIRequestContext) {
  const member = await createMember(request);
  await e2eDb().query('UPDATE profiles SET trust_level = 1 WHERE id = $1', [member.id]);
  return member;
}

test("'N new' on a card and the 'New' divider on the post; new questions wait behind a bar", async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(60_000);
  await createMember(context.request);
  const writerContext = await browser.newContext();
  const writer = await trustedMember(writerContext.request);
  const stamp = Date.now();
  const [postId] = await insertPublicPosts({ authorId: writer.id, count: 1, label: `Sash cord snapped ${stamp}` });
  const title = `Sash cord snapped ${stamp} question number 1`;
  await replyThroughApi(writerContext.request, postId!, 'Replace both cords at once, they age together.');

  // The reader opens the post: it is read up to its last reply.
  const marked = page.waitForResponse(
    (r) => r.url().endsWith(`/api/posts/${postId}/read`) && r.request().method() === 'PUT',
  );
  await page.goto(`/post/${postId}`);
  await expect(page.getByText('Replace both cords at once')).toBeVisible();
  await marked;
  await expect(page.getByRole('separator', { name: 'New replies' })).toHaveCount(0);

  // Back on the list, replies from the other window show on the card as they come.
  await openHydrated(page, '/');
  const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: title }) });
  await expect(card).toBeVisible();
  await replyThroughApi(writerContext.request, postId!, 'Use waxed cotton cord, not nylon: it holds the knot.');
  await expect(card.getByText(WHAT_IS_NEW_TEXT.newReplies(1), { exact: true })).toBeVisible();
  await replyThroughApi(writerContext.request, postId!, 'And check the pulleys spin freely before you restring.');
  await expect(card.getByText(WHAT_IS_NEW_TEXT.newReplies(2), { exact: true })).toBeVisible();

  // A question made public in the other window: a bar, not a jump; a click puts it at the top.
  const asked = await writerContext.request.post(`${E2E_BASE_URL}/api/posts`, {
    headers: { origin: E2E_BASE_URL },
    data: {
      topic: 'doors',
      title: `Door chain won't reach ${stamp}`,
      description: 'The chain guard on our front door stops a full inch short of the slide plate on the frame.',
      tags: [],
    },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const newId = ((await asked.json()) as { id: string }).id;
  await e2eDb().query("UPDATE posts SET status = 'open' WHERE id = $1", [newId]);
  // Other browser tests publish questions at the same time: the bar counts theirs too.
  const bar = page.getByRole('button', { name: /^\d+ new questions?$/ });
  await expect(bar).toBeVisible();
  await expect(page.getByRole('link', { name: `Door chain won't reach ${stamp}` })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await bar.click();
  // In the list now (another test's question may have arrived with it, and be above it).
  await expect(
    page
      .getByRole('list', { name: 'Discussions' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: `Door chain won't reach ${stamp}` }) }),
  ).toBeVisible();
  await expect(bar).toHaveCount(0);

  // Back on the post: a 'New' divider above the first reply written since, scrolled into view.
  await card.getByRole('link', { name: title }).click();
  const divider = page.getByRole('separator', { name: 'New replies' });
  await expect(divider).toBeInViewport();
  await expect(page.locator('li:has(> [role=separator]) article')).toContainText('Use waxed cotton cord');
  await expectNoAxeViolations(page);
  await writerContext.close();
});

test('the notifications page: every notification, filters, mark all as read; the bell links to it', async ({
  page,
  context,
  browser,
}) => {
  const member = await createMember(context.request);
  const [postId] = await insertPublicPosts({ authorId: member.id, count: 1, label: `Notified ${Date.now()}` });
  await e2eDb().query(
    `INSERT INTO notifications (user_id, type, message, post_id, read, created_at) VALUES
       ($1, 'post_approved', 'Your post "Hinge pin" was approved.', $2, true, now() - interval '3 minutes'),
       ($1, 'new_reply', 'wes replied to your post "Hinge pin"', $2, false, now() - interval '2 minutes'),
       ($1, 'mention', 'ada mentioned you in "Hinge pin"', $2, false, now() - interval '1 minute')`,
    [member.id, postId],
  );

  await openHydrated(page, '/');
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await page.getByRole('link', { name: WHAT_IS_NEW_TEXT.seeAll }).click();
  await expect(page).toHaveURL(/\/notifications$/);
  const list = page.getByRole('list', { name: WHAT_IS_NEW_TEXT.notificationsTitle });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(list.getByRole('listitem').first()).toContainText('ada mentioned you');
  await expectNoAxeViolations(page);

  const filters = page.getByRole('navigation', { name: 'Filter notifications' });
  await filters.getByRole('link', { name: 'Mentions' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('ada mentioned you');
  await filters.getByRole('link', { name: 'Moderation' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('was approved');
  await filters.getByRole('link', { name: 'Unread' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(2);

  await page.getByRole('button', { name: WHAT_IS_NEW_TEXT.markAllRead }).click();
  await expect(page.getByText(WHAT_IS_NEW_TEXT.noFilteredNotifications)).toBeVisible();
  await filters.getByRole('link', { name: 'All' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(page.getByTestId('notification-badge')).toHaveCount(0);

  // Visitors are sent to sign in.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/notifications');
  await expect(visitor).toHaveURL(/\/auth/);
});
