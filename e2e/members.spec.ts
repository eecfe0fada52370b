import { test, expect, type Page } from '@playwright/test';
import { MSG, LIMITS } from '@fenestra/shared';
import { createMember, PASSWORD } from './support/members';
import { insertPublicPosts } from './support/posts';
import { phonePhotos } from './support/media';
import { expectNoAxeViolations } from './support/axe';

const settingsForm = (page: Page) => page.getByRole('form', { name: 'Account settings' });
const save = (page: Page) => settingsForm(page).getByRole('button', { name: 'Save Changes' });

test('avatar by emoji and by upload shows in the header and on the profile', async ({ page, context }) => {
  const member = await createMember(context.request);
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Use 🔧 as avatar' }).click();
  await expect(page.getByText(MSG.avatarUpdated)).toBeVisible();
  // Drawn, not the emoji's character: it looks the same where no colour-emoji font is installed.
  await expect(
    page.getByRole('button', { name: 'User menu' }).locator('img[data-preset-avatar="wrench"]'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'User menu' })).not.toContainText('🔧');
  const drawing = page.getByRole('button', { name: 'User menu' }).locator('img[data-preset-avatar="wrench"]');
  await expect
    .poll(() => drawing.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await expectNoAxeViolations(page);

  const { png } = await phonePhotos();
  await page.locator('input[type="file"]').setInputFiles(png);
  await expect(page.getByText(MSG.avatarUpdated).last()).toBeVisible();
  const headerImage = page.getByRole('button', { name: 'User menu' }).locator('img');
  await expect(headerImage).toHaveAttribute('src', /^\/media\/avatars\//);
  // The new picture's copies come with it (decision 016), and the one the header needs loads.
  await expect(headerImage).toHaveAttribute('srcset', /\.w48\.webp 48w/);
  await expect
    .poll(() =>
      headerImage.evaluate(
        (img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && /\.w\d+\.webp$/.test(img.currentSrc),
      ),
    )
    .toBe(true);

  await page.goto(`/user/${member.username}`);
  await expect(page.getByRole('heading', { name: `@${member.username}`, level: 1 })).toBeVisible();
  await expect(page.getByRole('main').locator('img[src^="/media/avatars/"]').first()).toBeVisible();
});

test('username and bio messages, a taken username, preferences survive a reload', async ({
  page,
  context,
  request,
}) => {
  const other = await createMember(request, { username: `taken-${Date.now() % 100000}` });
  await createMember(context.request);
  await page.goto('/settings');
  const username = settingsForm(page).getByLabel('Username');
  const cases: Array<[string, string]> = [
    ['ab', MSG.usernameMin],
    ['a'.repeat(31), MSG.usernameMax],
    ['no spaces!', MSG.usernameChars],
  ];
  for (const [value, message] of cases) {
    await username.fill(value);
    await save(page).click();
    await expect(settingsForm(page).getByText(message)).toBeVisible();
  }
  await username.fill(other.username.toUpperCase());
  await save(page).click();
  await expect(settingsForm(page).getByText(MSG.usernameTaken)).toBeVisible();

  await username.fill(`fresh-${Date.now() % 100000}`);
  await settingsForm(page)
    .getByLabel('Bio')
    .fill('x'.repeat(LIMITS.bio.max + 1));
  await save(page).click();
  await expect(settingsForm(page).getByText(MSG.bioMax)).toBeVisible();
  await settingsForm(page).getByLabel('Bio').fill('I fix old sash windows.');
  await settingsForm(page).getByLabel('My question denied').check();
  await settingsForm(page).getByLabel('Mentions').uncheck();
  await save(page).click();
  await expect(page.getByText(MSG.settingsSaved)).toBeVisible();

  await page.reload();
  await expect(settingsForm(page).getByLabel('My question denied')).toBeChecked();
  await expect(settingsForm(page).getByLabel('Mentions')).not.toBeChecked();
  await expect(settingsForm(page).getByLabel('Bio')).toHaveValue('I fix old sash windows.');
  await expectNoAxeViolations(page);
});

test('password change: each failure, then success, then sign in with the new password', async ({ page, context }) => {
  const member = await createMember(context.request);
  await page.goto('/settings');
  const form = settingsForm(page);
  await form.getByLabel('New password', { exact: true }).fill('Another-pass9');
  await form.getByLabel('Confirm new password').fill('Another-pass9');
  await save(page).click();
  await expect(form.getByText(MSG.currentPasswordRequired)).toBeVisible();

  await form.getByLabel('Current password').fill(PASSWORD);
  await form.getByLabel('Confirm new password').fill('Different-pass9');
  await save(page).click();
  await expect(form.getByText(MSG.passwordsDontMatch)).toBeVisible();

  await form.getByLabel('Current password').fill('Not-my-password1');
  await form.getByLabel('Confirm new password').fill('Another-pass9');
  await save(page).click();
  await expect(page.getByText('Failed to update password. Please check your current password.').first()).toBeVisible();

  await form.getByLabel('Current password').fill(PASSWORD);
  await save(page).click();
  await expect(page.getByText(MSG.passwordUpdated).first()).toBeVisible();

  // A menu opened while the saved form settles may close again at once (seen once under load): open it until it stays.
  const signOut = page.getByRole('menuitem', { name: 'Sign Out' });
  await expect(async () => {
    if (!(await signOut.isVisible())) await page.getByRole('button', { name: 'User menu' }).click();
    await expect(signOut).toBeVisible({ timeout: 2_000 });
  }).toPass();
  await signOut.click();
  const signIn = page.getByRole('form', { name: 'Sign In' });
  await signIn.getByLabel('Email').fill(member.email);
  await signIn.getByLabel('Password').fill('Another-pass9');
  await signIn.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText(MSG.welcomeBack)).toBeVisible();
});

test('profile tabs for oneself, for another member and for a visitor; an unknown member is a 404', async ({
  browser,
}) => {
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  const me = await createMember(ownerContext.request);
  await insertPublicPosts({ authorId: me.id, count: 2, topic: 'doors', label: `Profile${Date.now()}` });

  await owner.goto(`/user/${me.username}`);
  const tabs = owner.getByRole('tablist', { name: 'Profile sections' });
  await expect(tabs.getByRole('tab')).toHaveText(['Posts', 'Replies', 'Bookmarks']);
  await expect(owner.getByRole('link', { name: 'Edit Profile' })).toBeVisible();
  await expect(owner.getByRole('article')).toHaveCount(2);
  await expectNoAxeViolations(owner);

  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await createMember(otherContext.request);
  await other.goto(`/user/${me.username}`);
  await expect(other.getByRole('tablist', { name: 'Profile sections' }).getByRole('tab')).toHaveText([
    'Posts',
    'Replies',
  ]);
  await expect(other.getByRole('link', { name: 'Edit Profile' })).toHaveCount(0);
  await expect(other.getByText('Active', { exact: true })).toHaveCount(0);

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/user/${me.username}`);
  await expect(visitor.getByRole('tab')).toHaveText(['Posts', 'Replies']);
  // An unknown member's address answers 404 with the server's not-found page (issue 27); the app's own
  // 'User not found' is for a member gone while the app is open (the profile page's component test).
  const unknown = await visitor.goto('/user/nobody-by-this-name');
  expect(unknown?.status()).toBe(404);
  await expect(visitor.getByRole('heading', { name: MSG.notFound })).toBeVisible();

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await createMember(staffContext.request, { role: 'moderator' });
  await staff.goto(`/user/${me.username}`);
  await expect(staff.getByText('Active', { exact: true })).toBeVisible();
  await Promise.all([ownerContext.close(), otherContext.close(), visitorContext.close(), staffContext.close()]);
});
