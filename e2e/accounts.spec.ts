import { test, expect } from '@playwright/test';
import { MSG } from '@fenestra/shared';
import { createMember, uniqueEmail, PASSWORD } from './support/members';
import { latestEmailTo } from './support/outbox';
import { expectNoAxeViolations } from './support/axe';

test.describe('accounts', () => {
  test('sign up, see the member header and menu, sign out to /auth', async ({ page }) => {
    const email = uniqueEmail('newcomer');
    await page.goto('/auth?tab=signup');
    const form = page.getByRole('form', { name: 'Sign Up' });
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill(PASSWORD);
    await form.getByLabel('Username').fill(`newbie-${Date.now() % 100000}`);
    await form.getByRole('button', { name: 'Create Account' }).click();

    await expect(page.getByText(MSG.welcomeNew('Fenestra'))).toBeVisible();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
    await page.getByRole('button', { name: 'User menu' }).click();
    for (const item of ['Ask a Question', 'My Posts', 'Bookmarks', 'Account Settings', 'Sign Out']) {
      await expect(page.getByRole('menuitem', { name: item })).toBeVisible();
    }
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL('/auth');
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();

    // Signed in again after a reload: the session is a cookie the server keeps.
    const signIn = page.getByRole('form', { name: 'Sign In' });
    await signIn.getByLabel('Email').fill(email);
    await signIn.getByLabel('Password').fill(PASSWORD);
    await signIn.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText(MSG.welcomeBack)).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  });

  test('every sign-up validation message, and Account exists for a taken email', async ({ page, request }) => {
    const existing = await createMember(request);
    await page.goto('/auth?tab=signup');
    const form = page.getByRole('form', { name: 'Sign Up' });
    const submit = form.getByRole('button', { name: 'Create Account' });
    const cases: Array<[string, string, string, string]> = [
      ['not-an-email', PASSWORD, '', MSG.emailInvalid],
      [uniqueEmail(), 'Short1', '', MSG.passwordMin],
      [uniqueEmail(), `Aa1${'x'.repeat(98)}`, '', MSG.passwordMax],
      [uniqueEmail(), 'alllowercase1', '', MSG.passwordStrength],
      [uniqueEmail(), PASSWORD, 'ab', MSG.usernameMin],
      [uniqueEmail(), PASSWORD, 'a'.repeat(31), MSG.usernameMax],
      [uniqueEmail(), PASSWORD, 'bad name!', MSG.usernameChars],
    ];
    for (const [email, password, username, message] of cases) {
      await form.getByLabel('Email').fill(email);
      await form.getByLabel('Password').fill(password);
      await form.getByLabel('Username').fill(username);
      await submit.click();
      await expect(form.getByText(message)).toBeVisible();
      await expect(page.getByText(MSG.validationError).first()).toBeVisible();
    }
    await form.getByLabel('Email').fill(existing.email.toUpperCase());
    await form.getByLabel('Password').fill(PASSWORD);
    await form.getByLabel('Username').fill('');
    await submit.click();
    await expect(page.getByText(MSG.accountExists, { exact: true })).toBeVisible();
    await expect(page.getByText(MSG.accountExistsDetail)).toBeVisible();
  });

  test('sign-in validation messages and a wrong password', async ({ page, request }) => {
    const member = await createMember(request);
    await page.goto('/auth');
    const form = page.getByRole('form', { name: 'Sign In' });
    await form.getByRole('button', { name: 'Sign In' }).click();
    await expect(form.getByText(MSG.emailInvalid)).toBeVisible();
    await expect(form.getByText(MSG.passwordRequired)).toBeVisible();

    await form.getByLabel('Email').fill(member.email);
    await form.getByLabel('Password').fill('Wrong-password1');
    await form.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText(MSG.loginFailed, { exact: true })).toBeVisible();
    await expect(page.getByText(MSG.loginFailedDetail)).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('forgot password, reset through the emailed link, sign in with the new password', async ({ page, request }) => {
    const member = await createMember(request);
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(member.email);
    await dialog.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText(MSG.checkEmail)).toBeVisible();

    const email = await latestEmailTo(member.email);
    const link = /https?:\/\/\S*\/auth\?reset=true&token=[A-Za-z0-9%_-]+/.exec(email)?.[0];
    expect(link).toBeTruthy();
    await page.goto(link!);
    const newPassword = 'Brand-new-hinge8';
    await page.getByRole('textbox', { name: 'New password' }).fill(newPassword);
    await page.getByRole('textbox', { name: 'Confirm password' }).fill(newPassword);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText(MSG.passwordUpdated)).toBeVisible();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    const form = page.getByRole('form', { name: 'Sign In' });
    await form.getByLabel('Email').fill(member.email);
    await form.getByLabel('Password').fill(member.password);
    await form.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText(MSG.loginFailed, { exact: true })).toBeVisible();
    await form.getByLabel('Password').fill(newPassword);
    await form.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText(MSG.welcomeBack)).toBeVisible();
  });
});
