import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { member, moderator, renderApp } from '../../../test/render-app';

const sidebar = () => screen.getByRole('navigation', { name: 'Sidebar' });

describe('sidebar', () => {
  it("shows a visitor the filters, topics and resources, but no member's or staff sections", async () => {
    renderApp('/?filter=solved&topic=doors', { config: { videoGuidesUrl: 'https://videos.example.com/fenestra' } });
    const nav = sidebar();
    expect(within(nav).getByRole('link', { name: 'Solved' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'All Posts' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('link', { name: 'Doors' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Miscellaneous' })).toHaveAttribute(
      'href',
      '/?topic=misc&filter=solved',
    );
    expect(within(nav).getByRole('link', { name: 'Unsolved' })).toHaveAttribute(
      'href',
      '/?topic=doors&filter=unsolved',
    );

    // The configured address replaces the /resources/videos default once /api/config answers.
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: /Video Guides/ })).toHaveAttribute(
        'href',
        'https://videos.example.com/fenestra',
      ),
    );
    const videos = within(nav).getByRole('link', { name: /Video Guides/ });
    expect(videos).toHaveAttribute('target', '_blank');
    expect(within(nav).getByRole('link', { name: 'Best Practices' })).toHaveAttribute(
      'href',
      '/resources/best-practices',
    );

    expect(within(nav).queryByRole('heading', { name: 'Your Content' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('heading', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it('gives a member their Bookmarks, still no Admin section', async () => {
    renderApp('/', { me: member });
    expect(await within(sidebar()).findByRole('link', { name: 'Bookmarks' })).toHaveAttribute('href', '/bookmarks');
    expect(within(sidebar()).queryByRole('heading', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it('gives staff the Admin section', async () => {
    renderApp('/admin/users', { me: moderator });
    expect(await screen.findByRole('heading', { name: 'User Management', level: 1 })).toBeInTheDocument();
    const admin = within(sidebar()).getByRole('list', { name: 'Admin' });
    expect(
      within(admin)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Moderation', '/admin/moderation'],
      ['Analytics', '/admin/analytics'],
      ['Unsolved Posts', '/admin/unsolved'],
      ['User Management', '/admin/users'],
    ]);
    expect(within(admin).getByRole('link', { name: 'User Management' })).toHaveAttribute('aria-current', 'page');
  });

  it('opens as a drawer from the menu button and closes when a link is followed', async () => {
    const { user, location } = renderApp('/');
    // Radix turns the page's pointer events off as the modal opens and the drawer's back on in its next render: a
    // click in between would land on nothing (a CI run found that gap), as no person's click can.
    const openDrawer = async () => {
      await user.click(screen.getByRole('button', { name: 'Open menu' }));
      const drawer = await screen.findByRole('dialog', { name: 'Menu' });
      await waitFor(() => expect(drawer).toHaveStyle({ pointerEvents: 'auto' }));
      return drawer;
    };
    const drawer = await openDrawer();
    await user.click(within(drawer).getByRole('link', { name: 'Glazing' }));
    expect(location()).toBe('/?topic=glazing');
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();

    await user.click(within(await openDrawer()).getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
