import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { api } from '../lib/api-client';
import { member, moderator, renderApp } from '../test/render-app';

describe('routes', () => {
  it.each([
    ['/', 'Community Discussions'],
    ['/my-posts', 'My Posts'],
    ['/resources/videos', 'Video Guides'],
    ['/resources/best-practices', 'Best Practices: photographing hardware'],
    ['/privacy', 'Privacy Policy'],
    ['/terms', 'Terms & Conditions'],
    ['/user/casey', '@casey'],
    ['/search?q=sash', 'Search'],
  ])('%s shows its page', async (path, heading) => {
    renderApp(path, { me: member });
    expect(await screen.findByRole('heading', { name: heading, level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
  });

  it('answers an unknown path with the 404 page and a link home', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Oops! Page not found' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    expect(document.title).toBe('Page not found · Fenestra');
  });

  it('carries the policy constants', async () => {
    renderApp('/terms');
    const terms = await screen.findByRole('article');
    expect(terms).toHaveTextContent('Last updated: October 16, 2025');
    expect(terms).toHaveTextContent('100 USD');
    expect(terms).toHaveTextContent('at least 13 years old');
    expect(terms).toHaveTextContent('within 30 days of account deletion');
  });
});

describe('guards', () => {
  it('sends a visitor from /ask to /auth with a toast', async () => {
    const { location } = renderApp('/ask');
    expect(await screen.findByText('Please sign in to ask a question')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/auth'));
    expect(await screen.findByRole('form', { name: 'Sign In' })).toBeInTheDocument();
  });

  it.each(['/settings', '/bookmarks', '/my-posts'])('sends a visitor from %s to /auth', async (path) => {
    const { location, router } = renderApp(path);
    await waitFor(() => expect(location()).toBe('/auth'));
    // replace, not push: Back does not return to the page they could not see.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('lets a member ask', async () => {
    renderApp('/ask', { me: member });
    expect(await screen.findByRole('heading', { name: 'Ask a Question', level: 1 })).toBeInTheDocument();
  });

  it.each([null, member])('sends %s away from /admin to /', async (me) => {
    const { location } = renderApp('/admin/moderation', { me });
    await waitFor(() => expect(location()).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Community Discussions' })).toBeInTheDocument();
  });

  it('lets staff into /admin', async () => {
    renderApp('/admin', { me: moderator });
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeInTheDocument();
  });
});

describe('session', () => {
  it('drops to the visitor view when a call answers 401', async () => {
    renderApp('/', {
      me: member,
      handlers: { 'GET /api/bookmarks': { status: 401, body: { error: 'UNAUTHORIZED', message: 'x' } } },
    });
    await screen.findByRole('button', { name: /^User menu/ });
    await expect(api('/api/bookmarks')).rejects.toThrow();
    expect(await screen.findByText('Your session has ended. Please sign in again.')).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^User menu/ })).not.toBeInTheDocument();
  });
});

describe('signing out on a member page', () => {
  it('goes to /auth without telling the former member to sign in to ask', async () => {
    const { user, location } = renderApp('/ask', {
      me: member,
      handlers: { 'POST /api/account/sign-out': { body: {} } },
    });
    await user.click(await screen.findByRole('button', { name: /^User menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign Out' }));
    expect(await screen.findByRole('form', { name: 'Sign In' })).toBeInTheDocument();
    expect(location()).toBe('/auth');
    expect(screen.queryByText('Please sign in to ask a question')).not.toBeInTheDocument();
  });
});
