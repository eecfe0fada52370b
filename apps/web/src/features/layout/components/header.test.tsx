import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { member, renderApp } from '../../../test/render-app';

describe('header', () => {
  it('offers a visitor Sign In and Sign Up, and no member controls', async () => {
    renderApp('/');
    const banner = screen.getByRole('banner');
    expect(await within(banner).findByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    expect(within(banner).getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/auth?tab=signup');
    expect(within(banner).getByRole('link', { name: 'Ask Question' })).toHaveAttribute('href', '/ask');
    expect(within(banner).getByRole('link', { name: 'Fenestra' })).toHaveAttribute('href', '/');
    expect(within(banner).queryByRole('button', { name: /^User menu/ })).not.toBeInTheDocument();
    expect(within(banner).queryByRole('button', { name: 'Notifications' })).not.toBeInTheDocument();
  });

  it("gives a member the user menu with SPEC's items, and the bell", async () => {
    const { user } = renderApp('/', { me: member });
    const banner = screen.getByRole('banner');
    const trigger = await within(banner).findByRole('button', { name: /^User menu/ });
    expect(trigger).toHaveTextContent('casey');
    // Its spoken name holds the name it shows (WCAG 2.5.3).
    expect(trigger).toHaveAccessibleName('User menu casey');
    expect(within(banner).queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();

    await user.click(trigger);
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Ask a Question', 'My Posts', 'Bookmarks', 'Account Settings', 'Sign Out']);
    await user.keyboard('{Escape}');

    await user.click(within(banner).getByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
  });

  it('opens Account Settings from the user menu', async () => {
    const { user, location } = renderApp('/', { me: member });
    await user.click(await screen.findByRole('button', { name: /^User menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Account Settings' }));
    expect(await screen.findByRole('heading', { name: 'Account Settings' })).toBeInTheDocument();
    expect(location()).toBe('/settings');
  });

  it('signs out and returns to /auth as a visitor', async () => {
    const { user, location, fetchMock } = renderApp('/', {
      me: member,
      handlers: { 'POST /api/account/sign-out': { body: {} } },
    });
    await user.click(await screen.findByRole('button', { name: /^User menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign Out' }));
    expect(await screen.findByRole('form', { name: 'Sign In' })).toBeInTheDocument();
    expect(location()).toBe('/auth');
    expect(fetchMock).toHaveBeenCalledWith('/api/account/sign-out', expect.objectContaining({ method: 'POST' }));
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('searches for the typed text and ignores a blank search', async () => {
    const { user, location } = renderApp('/', {
      handlers: {
        'GET /api/search': { body: { results: [], nextCursor: null, total: 0, totalCapped: false, didYouMean: null } },
      },
    });
    const box = within(screen.getByRole('search')).getByLabelText('Search');

    await user.type(box, '   {Enter}');
    expect(location()).toBe('/');

    await user.clear(box);
    await user.type(box, 'hinge pin{Enter}');
    expect(location()).toBe('/search?q=hinge%20pin');
    expect(await screen.findByText('No results found')).toBeInTheDocument();
  });
});
