import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Notification } from '@fenestra/shared';
import { member, renderApp, type Handlers } from '../../../test/render-app';

const notification = (n: number, overrides: Partial<Notification> = {}): Notification => ({
  id: `n${n}`,
  type: 'new_reply',
  message: `helper${n} replied to your post "Crank handle"`,
  postId: `p${n}`,
  read: false,
  createdAt: '2026-01-05T11:00:00.000Z',
  ...overrides,
});

function openHome(list: { notifications: Notification[]; unreadCount: number }, handlers: Handlers = {}) {
  return renderApp('/', {
    me: member,
    handlers: {
      'GET /api/posts': { body: { posts: [], nextCursor: null, total: 0 } },
      'GET /api/notifications': { body: list },
      ...handlers,
    },
  });
}

const bell = () => within(screen.getByRole('banner')).findByRole('button', { name: /^Notifications/ });

describe('notification bell', () => {
  it("badges every unread one, '9+' above 9, and lists them newest first as the server sends them", async () => {
    const { user } = openHome({ notifications: [notification(2), notification(1, { read: true })], unreadCount: 12 });
    const trigger = await within(screen.getByRole('banner')).findByRole('button', { name: 'Notifications, 12 unread' });
    expect(within(trigger).getByText('9+')).toBeInTheDocument();
    await user.click(trigger);
    const list = await screen.findByRole('list', { name: 'Latest notifications' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('Unread: helper2 replied'), expect.stringContaining('helper1 replied')]);
  });

  it('shows the exact count up to 9', async () => {
    openHome({ notifications: [notification(1)], unreadCount: 9 });
    const trigger = await within(screen.getByRole('banner')).findByRole('button', { name: 'Notifications, 9 unread' });
    expect(within(trigger).getByText('9')).toBeInTheDocument();
  });

  it('marks an item read and opens its post', async () => {
    const markOne = vi.fn(() => ({ body: { unreadCount: 0 } }));
    const { user, location } = openHome(
      { notifications: [notification(1)], unreadCount: 1 },
      {
        'POST /api/notifications/n1/read': markOne,
        'GET /api/posts/p1': { status: 404, body: { message: 'Post not found' } },
      },
    );
    await user.click(await bell());
    await user.click(await screen.findByRole('button', { name: /helper1 replied/ }));
    await waitFor(() => expect(location()).toBe('/post/p1'));
    expect(markOne).toHaveBeenCalled();
    expect(
      await within(screen.getByRole('banner')).findByRole('button', { name: 'Notifications' }),
    ).toBeInTheDocument();
  });

  it("marks all as read, and says 'Failed to mark notifications as read' when it cannot", async () => {
    const { user } = openHome(
      { notifications: [notification(2), notification(1)], unreadCount: 2 },
      { 'POST /api/notifications/read-all': { status: 500, body: { message: 'Internal Server Error' } } },
    );
    await user.click(await bell());
    await user.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText('Failed to mark notifications as read')).toBeInTheDocument();
    // Put back as it was.
    expect(
      await within(screen.getByRole('banner')).findByRole('button', { name: 'Notifications, 2 unread' }),
    ).toBeInTheDocument();
  });

  it('says so when there are none, with no badge', async () => {
    const { user } = openHome({ notifications: [], unreadCount: 0 });
    await user.click(await bell());
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
    expect(screen.queryByTestId('notification-badge')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
  });
});
