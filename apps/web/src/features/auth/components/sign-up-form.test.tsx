import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { member, renderApp } from '../../../test/render-app';

async function fillSignUp(
  user: ReturnType<typeof renderApp>['user'],
  values: { email: string; password: string; username?: string },
) {
  const form = await screen.findByRole('form', { name: 'Sign Up' });
  await user.type(within(form).getByLabelText('Email'), values.email);
  await user.type(within(form).getByLabelText('Password'), values.password);
  if (values.username) await user.type(within(form).getByLabelText('Username'), values.username);
  await user.click(within(form).getByRole('button', { name: 'Create Account' }));
  return form;
}

describe('sign-up form', () => {
  it('opens on the Sign Up tab from ?tab=signup and explains the optional username', async () => {
    renderApp('/auth?tab=signup');
    expect(await screen.findByRole('tab', { name: 'Sign Up', selected: true })).toBeInTheDocument();
    expect(screen.getByText('Leave blank to use the part of your email before the @')).toBeInTheDocument();
  });

  it('shows every invalid field at the field and toasts the first message', async () => {
    const { user, fetchMock } = renderApp('/auth?tab=signup');
    const form = await fillSignUp(user, { email: 'not-an-email', password: 'short', username: 'bad name!' });

    const email = within(form).getByLabelText('Email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Please enter a valid email address');
    expect(within(form).getByLabelText('Password')).toHaveAccessibleDescription(
      expect.stringContaining('Password must be at least 8 characters'),
    );
    expect(within(form).getByLabelText('Username')).toHaveAccessibleDescription(
      expect.stringContaining('Username can only contain letters, numbers, underscores, and hyphens'),
    );

    const toast = await screen.findByText('Validation Error');
    expect(toast.closest('li')).toHaveTextContent('Please enter a valid email address');
    expect(fetchMock).not.toHaveBeenCalledWith('/api/account/sign-up', expect.anything());
  });

  it('asks for an uppercase letter, a lowercase letter and a number', async () => {
    const { user } = renderApp('/auth?tab=signup');
    const form = await fillSignUp(user, { email: 'casey@example.com', password: 'alllowercase1' });
    expect(within(form).getByLabelText('Password')).toHaveAccessibleDescription(
      expect.stringContaining('Password must contain an uppercase letter, a lowercase letter and a number'),
    );
  });

  it('tells an existing member to sign in instead', async () => {
    const { user } = renderApp('/auth?tab=signup', {
      handlers: { 'POST /api/account/sign-up': { status: 409, body: { error: 'ACCOUNT_EXISTS', message: 'exists' } } },
    });
    await fillSignUp(user, { email: 'casey@example.com', password: 'Secret123' });
    expect(await screen.findByText('Account exists')).toBeInTheDocument();
    expect(screen.getByText('This email is already registered. Please sign in instead.')).toBeInTheDocument();
  });

  it('marks a taken username at the field', async () => {
    const { user } = renderApp('/auth?tab=signup', {
      handlers: {
        'POST /api/account/sign-up': {
          status: 409,
          body: { error: 'USERNAME_TAKEN', message: 'Username is already taken', field: 'username' },
        },
      },
    });
    const form = await fillSignUp(user, { email: 'casey@example.com', password: 'Secret123', username: 'casey' });
    expect(await screen.findByText('Signup failed')).toBeInTheDocument();
    expect(within(form).getByLabelText('Username')).toHaveAccessibleDescription(
      expect.stringContaining('Username is already taken'),
    );
  });

  it('signs the new member in and goes home', async () => {
    let sent: unknown;
    const { user, location } = renderApp('/auth?tab=signup', {
      handlers: {
        'POST /api/account/sign-up': (body) => {
          sent = body;
          return { body: { me: member } };
        },
      },
    });
    await fillSignUp(user, { email: 'casey@example.com', password: 'Secret123' });
    expect(await screen.findByText('Welcome to Fenestra!')).toBeInTheDocument();
    expect(sent).toEqual({ email: 'casey@example.com', password: 'Secret123' });
    expect(await screen.findByRole('heading', { name: 'Community Discussions' })).toBeInTheDocument();
    expect(location()).toBe('/');
    // The user menu's code is loaded once a member is signed in.
    expect(await screen.findByRole('button', { name: /^User menu/ })).toHaveTextContent('casey');
  });
});
