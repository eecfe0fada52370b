import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { member, renderApp } from '../test/render-app';

const ME = { handlers: { 'GET /api/posts': { body: { posts: [], nextCursor: null, total: 0 } } } };

describe('focus after a client-side navigation', () => {
  it("moves from the sidebar's link to the new page's heading", async () => {
    const { user } = renderApp('/', ME);
    const sidebar = await screen.findByRole('navigation', { name: 'Sidebar' });
    await user.click(within(sidebar).getByRole('link', { name: 'Best Practices' }));
    const heading = await screen.findByRole('heading', { level: 1, name: /^Best Practices/ });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('moves from the user menu to the heading of the page it opened, once the page shows it', async () => {
    const { user } = renderApp('/', { ...ME, me: member });
    await user.click(await screen.findByRole('button', { name: /^User menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Account Settings' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Account Settings' });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('leaves focus alone on the first page and when only the query changes', async () => {
    const { router } = renderApp('/', ME);
    await screen.findByRole('heading', { level: 1, name: 'Community Discussions' });
    expect(document.body).toHaveFocus();
    await router.navigate('/?filter=solved');
    expect(document.body).toHaveFocus();
  });

  it('leaves focus in the bell opened while the new page was loading, and the bell open, when the heading comes', async () => {
    const { user, router, fetchMock } = renderApp('/', {
      me: member,
      handlers: {
        ...ME.handlers,
        'GET /api/notifications': {
          body: {
            notifications: [
              {
                id: 'n1',
                type: 'new_reply',
                message: 'helper1 replied to your post "Crank handle"',
                postId: 'p1',
                read: false,
                createdAt: '2026-01-05T11:00:00.000Z',
              },
            ],
            unreadCount: 1,
          },
        },
        'GET /api/posts/p1': { status: 404, body: { message: 'Post not found' } },
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Community Discussions' });
    // The post's answer is slow (a busy server): the reader opens the bell before the page has its heading.
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const respond = fetchMock.getMockImplementation()!;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/api/posts/p1')) await answered;
      return respond(input, init);
    });
    await router.navigate('/post/p1');
    await user.click(await within(screen.getByRole('banner')).findByRole('button', { name: /^Notifications/ }));
    const bell = await screen.findByRole('dialog', { name: 'Notifications' });
    await waitFor(() => expect(bell).toContainElement(document.activeElement as HTMLElement));
    answer();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('dialog', { name: 'Notifications' })).toContainElement(
      document.activeElement as HTMLElement,
    );
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeInTheDocument();
  });
});
