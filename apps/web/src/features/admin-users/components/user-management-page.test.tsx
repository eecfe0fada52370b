import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MSG, type AdminUser, type UserStats } from '@fenestra/shared';
import { moderator, renderApp } from '../../../test/render-app';

const sam: AdminUser = {
  id: 'u3',
  username: 'sam',
  email: 'sam@example.com',
  avatarUrl: null,
  role: 'user',
  status: 'active',
  banReason: null,
  banUntil: null,
  joinedAt: '2026-11-20T10:00:00.000Z',
  postCount: 2,
  trustLevel: 1,
  trustLocked: false,
  trustReason: 'Member',
};
const stats: UserStats = {
  total: 3,
  activeThisWeek: 3,
  banned: 0,
  bannedPercent: 0,
  staff: 1,
  // A forum in its first week: nothing to compare with.
  trends: { total: null, active: null, banned: 12 },
};

const renderUsers = () =>
  renderApp('/admin/users', {
    me: moderator,
    handlers: {
      'GET /api/admin/users': { body: { users: [sam], matching: 1, total: 1, nextCursor: null } },
      'GET /api/admin/users/stats': { body: stats },
    },
  });

describe('user management', () => {
  it("says 'None last week' where there is no earlier figure to compare with, not a dash", async () => {
    renderUsers();
    const cards = await screen.findByRole('region', { name: 'Member statistics' });
    expect(await within(cards).findAllByText('None last week')).toHaveLength(2);
    expect(within(cards).getByText('+12% from last week')).toBeInTheDocument();
    expect(cards).not.toHaveTextContent('—');
  });

  it('an empty ban reason shows the field error and the toast, as an empty deny reason does', async () => {
    const { user, fetchMock } = renderUsers();
    const [actions] = await screen.findAllByRole('button', { name: 'Actions for @sam' });
    await user.click(actions!);
    await user.click(await screen.findByRole('menuitem', { name: 'Ban User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ban @sam?' });
    await user.click(within(dialog).getByRole('button', { name: 'Ban User' }));
    expect(within(dialog).getByText(MSG.banReasonPrompt)).toBeInTheDocument();
    expect(await screen.findByText(MSG.reasonRequired)).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);
  });
});
