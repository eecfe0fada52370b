import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { member, renderApp, type Handlers } from '../../../test/render-app';

async function signIn(handlers: Handlers, email = 'casey@example.com', password = 'Secret123') {
  const app = renderApp('/auth', { handlers });
  const form = await screen.findByRole('form', { name: 'Sign In' });
  await app.user.type(within(form).getByLabelText('Email'), email);
  if (password) await app.user.type(within(form).getByLabelText('Password'), password);
  await app.user.click(within(form).getByRole('button', { name: 'Sign In' }));
  return { ...app, form };
}

describe('sign-in form', () => {
  it('requires a password', async () => {
    const { form } = await signIn({}, 'casey@example.com', '');
    expect(within(form).getByLabelText('Password')).toHaveAccessibleDescription('Password is required');
    expect(await screen.findByText('Validation Error')).toBeInTheDocument();
  });

  it('says the credentials are wrong on 401', async () => {
    await signIn({
      'POST /api/account/sign-in': { status: 401, body: { error: 'INVALID_CREDENTIALS', message: 'x' } },
    });
    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    expect(screen.getByText('Invalid email or password. Please try again.')).toBeInTheDocument();
    // A failed sign-in is not an ended session.
    expect(screen.queryByText('Your session has ended. Please sign in again.')).not.toBeInTheDocument();
  });

  it("shows a banned member the server's reason", async () => {
    const message = 'Your account is banned until 2030-01-01: spam';
    await signIn({ 'POST /api/account/sign-in': { status: 403, body: { error: 'BANNED', message } } });
    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
  });

  it('welcomes the member back and goes home', async () => {
    const { location } = await signIn({ 'POST /api/account/sign-in': { body: { me: member } } });
    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Community Discussions' })).toBeInTheDocument();
    expect(location()).toBe('/');
  });

  it('sends a reset link from the forgot-password dialog', async () => {
    let sent: unknown;
    const { user } = renderApp('/auth', {
      handlers: {
        'POST /api/account/forgot-password': (body) => {
          sent = body;
          return { body: {} };
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset your password' });
    await user.type(within(dialog).getByLabelText('Email'), 'casey@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByText('Check your email')).toBeInTheDocument();
    expect(
      screen.getByText('If an account exists for that address, we sent a link to reset your password.'),
    ).toBeInTheDocument();
    expect(sent).toEqual({ email: 'casey@example.com' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offers Google only when the server has it configured', async () => {
    renderApp('/auth', { config: { googleEnabled: true } });
    expect(await screen.findByRole('link', { name: 'Continue with Google' })).toHaveAttribute(
      'href',
      '/api/account/google?callbackURL=/',
    );
  });

  it('reports a failed Google sign-in', async () => {
    const { location } = renderApp('/auth?error=google');
    expect(await screen.findByText('Google sign-in failed')).toBeInTheDocument();
    expect(location()).toBe('/auth');
  });

  it('sends a signed-in member home', async () => {
    const { location } = renderApp('/auth', { me: member });
    expect(await screen.findByRole('heading', { name: 'Community Discussions' })).toBeInTheDocument();
    expect(location()).toBe('/');
  });
});
