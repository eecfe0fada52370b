import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { member, renderApp } from '../../../test/render-app';

describe('reset mode of /auth', () => {
  it('checks that the passwords match', async () => {
    const { user } = renderApp('/auth?reset=true&token=tok');
    const form = await screen.findByRole('form', { name: 'Set a new password' });
    await user.type(within(form).getByLabelText('New password'), 'Secret123');
    await user.type(within(form).getByLabelText('Confirm password'), 'Secret124');
    await user.click(within(form).getByRole('button', { name: 'Update Password' }));
    expect(within(form).getByLabelText('Confirm password')).toHaveAccessibleDescription("Passwords don't match");
  });

  it('sets the password, signs the member in and goes home', async () => {
    let sent: unknown;
    const { user, location } = renderApp('/auth?reset=true&token=tok', {
      handlers: {
        'POST /api/account/reset-password': (body) => {
          sent = body;
          return { body: { me: member } };
        },
      },
    });
    const form = await screen.findByRole('form', { name: 'Set a new password' });
    await user.type(within(form).getByLabelText('New password'), 'Secret123');
    await user.type(within(form).getByLabelText('Confirm password'), 'Secret123');
    await user.click(within(form).getByRole('button', { name: 'Update Password' }));

    expect(await screen.findByText('Password updated!')).toBeInTheDocument();
    expect(sent).toEqual({ token: 'tok', password: 'Secret123' });
    expect(await screen.findByRole('button', { name: /^User menu/ })).toBeInTheDocument();
    expect(location()).toBe('/');
  });

  it('shows the server message when the link has expired', async () => {
    const { user } = renderApp('/auth?reset=true&token=old', {
      handlers: {
        'POST /api/account/reset-password': { status: 400, body: { message: 'This reset link has expired' } },
      },
    });
    const form = await screen.findByRole('form', { name: 'Set a new password' });
    await user.type(within(form).getByLabelText('New password'), 'Secret123');
    await user.type(within(form).getByLabelText('Confirm password'), 'Secret123');
    await user.click(within(form).getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Password update failed')).toBeInTheDocument();
    expect(screen.getByText('This reset link has expired')).toBeInTheDocument();
  });

  it('explains that a link without a token is invalid', async () => {
    const { user, location } = renderApp('/auth?reset=true');
    expect(await screen.findByText(/This password reset link is invalid/)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to Sign In' }));
    expect(await screen.findByRole('form', { name: 'Sign In' })).toBeInTheDocument();
    expect(location()).toBe('/auth');
  });
});
