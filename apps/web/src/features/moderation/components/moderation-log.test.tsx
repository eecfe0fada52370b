import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ModerationLogEntry } from '@fenestra/shared';
import { moderator, renderApp } from '../../../test/render-app';

const entry = (over: Partial<ModerationLogEntry>): ModerationLogEntry => ({
  id: 'l1',
  action: 'ban',
  actorId: 'u2',
  actorUsername: 'mod_mia',
  targetType: 'user',
  targetId: 'u3',
  targetLabel: 'sam',
  reason: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  ...over,
});

describe('moderation log', () => {
  it("shows a role change as the role it became, not as a reason; a ban's reason as its reason", async () => {
    renderApp('/admin/moderation?tab=log', {
      me: moderator,
      handlers: {
        'GET /api/admin/stats': { status: 500, body: {} },
        'GET /api/admin/pending': { body: { posts: [] } },
        'GET /api/admin/log': {
          body: {
            entries: [
              entry({ id: 'l1', action: 'role_change', reason: 'user → moderator' }),
              entry({ id: 'l2', action: 'ban', reason: 'Spam links' }),
            ],
            nextCursor: null,
          },
        },
      },
    });
    const [roleChange, ban] = await screen.findAllByTestId('log-entry');
    expect(within(roleChange!).getByText('Role: user → moderator')).toBeInTheDocument();
    expect(roleChange).not.toHaveTextContent('Reason:');
    expect(within(ban!).getByText('Reason: Spam links')).toBeInTheDocument();
  });
});
