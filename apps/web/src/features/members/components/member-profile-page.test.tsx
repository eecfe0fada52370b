import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MSG, type MemberReply, type Me } from '@fenestra/shared';
import { member, moderator, renderApp, type Handlers } from '../../../test/render-app';
import { makePostSummary, makeProfile } from '../testing/member-fixtures';

const emptyPosts = { body: { posts: [], nextCursor: null, total: 0 } };

function reply(n: number, overrides: Partial<MemberReply> = {}): MemberReply {
  return {
    id: `r${n}`,
    postId: `p${n}`,
    postTitle: `Sliding door roller keeps jumping the track ${n}`,
    preview: `Check the roller height adjustment screw first (${n}).`,
    createdAt: new Date(Date.now() - 3 * 3600 * 1000).toISOString(),
    isPinned: false,
    ...overrides,
  };
}

function openProfile(path: string, handlers: Handlers, me: Me | null = member) {
  return renderApp(path, { me, handlers });
}

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

describe('profile page', () => {
  it("shows one's own profile: header, counts, Edit Profile and three tabs", async () => {
    const app = openProfile('/user/casey', {
      'GET /api/users/casey': { body: makeProfile({ isSelf: true, avatarUrl: '🔨' }) },
      'GET /api/users/casey/posts': {
        body: { posts: [makePostSummary('p1', 'Casement window crank stripped')], nextCursor: null, total: 1 },
      },
      'GET /api/users/casey/bookmarks': emptyPosts,
    });
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: '@casey', level: 1 })).toBeInTheDocument();
    expect(document.title).toBe('@casey · Fenestra');
    const main = screen.getByRole('main');
    expect(within(main).getByText('I restore old sash windows.')).toBeInTheDocument();
    expect(within(main).getByText('Joined March 2026')).toBeInTheDocument();
    expect(within(main).getByText('Member')).toBeInTheDocument();
    expect(main.querySelector('img[data-preset-avatar="hammer"]')).toBeInTheDocument();
    expect(main).not.toHaveTextContent('🔨');
    for (const [label, value] of [
      ['Posts', '12'],
      ['Replies', '34'],
      ['Helpful', '5'],
    ] as const) {
      const term = within(main).getByText(label, { selector: 'dt' });
      expect(term.nextElementSibling).toHaveTextContent(value);
    }
    expect(within(main).getByRole('link', { name: 'Edit Profile' })).toHaveAttribute('href', '/settings');
    expect(within(main).queryByText('Active')).not.toBeInTheDocument();

    expect(tabNames()).toEqual(['Posts', 'Replies', 'Bookmarks']);
    expect(await screen.findByRole('link', { name: 'Casement window crank stripped' })).toHaveAttribute(
      'href',
      '/post/p1',
    );

    await app.user.click(screen.getByRole('tab', { name: 'Bookmarks' }));
    expect(await screen.findByText(MSG.noBookmarks)).toBeInTheDocument();
  });

  it("shows someone else's profile with two tabs, no Edit Profile and no status badge", async () => {
    const app = openProfile('/user/jordan', {
      'GET /api/users/jordan': { body: makeProfile({ id: 'u9', username: 'jordan', role: 'moderator', bio: '' }) },
      'GET /api/users/jordan/posts': emptyPosts,
    });
    expect(await screen.findByRole('heading', { name: '@jordan', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Moderator')).toBeInTheDocument();
    expect(screen.getByText('No bio yet.')).toBeInTheDocument();
    expect(tabNames()).toEqual(['Posts', 'Replies']);
    expect(screen.queryByRole('link', { name: 'Edit Profile' })).not.toBeInTheDocument();
    expect(screen.queryByText('Active')).not.toBeInTheDocument();
    expect(screen.queryByText('Banned')).not.toBeInTheDocument();
    expect(await screen.findByText('@jordan has not asked a public question yet.')).toBeInTheDocument();
    expect(app.fetchMock).not.toHaveBeenCalledWith(expect.stringContaining('/bookmarks'), expect.anything());
  });

  it('shows a staff viewer the status badge and the ban reason', async () => {
    openProfile(
      '/user/jordan',
      {
        'GET /api/users/jordan': {
          body: makeProfile({ id: 'u9', username: 'jordan', role: 'admin', status: 'banned', banReason: 'Spam links' }),
        },
        'GET /api/users/jordan/posts': emptyPosts,
      },
      moderator,
    );
    expect(await screen.findByRole('heading', { name: '@jordan', level: 1 })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByText('Admin')).toBeInTheDocument();
    expect(within(main).getByText('Banned')).toBeInTheDocument();
    expect(within(main).getByText('Spam links')).toBeInTheDocument();
  });

  it("shows 'Active' to staff for an active member", async () => {
    openProfile(
      '/user/jordan',
      {
        'GET /api/users/jordan': { body: makeProfile({ username: 'jordan', status: 'active' }) },
        'GET /api/users/jordan/posts': emptyPosts,
      },
      moderator,
    );
    expect(await within(screen.getByRole('main')).findByText('Active')).toBeInTheDocument();
  });

  it("answers an unknown member with 'User not found'", async () => {
    openProfile(
      '/user/nobody',
      { 'GET /api/users/nobody': { status: 404, body: { error: 'NOT_FOUND', message: MSG.userNotFound } } },
      null,
    );
    expect(await screen.findByRole('heading', { name: MSG.userNotFound, level: 1 })).toBeInTheDocument();
    expect(document.title).toBe('User not found · Fenestra');
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });

  it("toasts 'Failed to load profile' when the profile cannot be read, and retries", async () => {
    let calls = 0;
    const app = openProfile('/user/casey', {
      'GET /api/users/casey': () => {
        calls += 1;
        return calls === 1 ? { status: 500, body: { message: 'Internal Server Error' } } : { body: makeProfile() };
      },
      'GET /api/users/casey/posts': emptyPosts,
    });
    expect(await screen.findAllByText(MSG.failedLoadProfile)).not.toHaveLength(0);
    expect(screen.getByRole('heading', { name: '@casey', level: 1 })).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('tab', { name: 'Posts' })).toBeInTheDocument();
  });

  it('lists replies with the post link, the preview, Pinned, and Load More', async () => {
    const app = openProfile('/user/jordan', {
      'GET /api/users/jordan': { body: makeProfile({ username: 'jordan' }) },
      'GET /api/users/jordan/posts': emptyPosts,
      'GET /api/users/jordan/replies': () => {
        const second = app.fetchMock.mock.calls.some(([input]) => String(input).includes('replies?cursor=c1'));
        return second
          ? { body: { replies: [reply(3)], nextCursor: null } }
          : { body: { replies: [reply(1, { isPinned: true }), reply(2)], nextCursor: 'c1' } };
      },
    });
    await app.user.click(await screen.findByRole('tab', { name: 'Replies' }));
    const list = await screen.findByRole('list', { name: 'Replies' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(
      within(items[0]!).getByRole('link', { name: 'Sliding door roller keeps jumping the track 1' }),
    ).toHaveAttribute('href', '/post/p1');
    expect(within(items[0]!).getByText('Check the roller height adjustment screw first (1).')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Pinned')).toBeInTheDocument();
    expect(within(items[0]!).getByText('3 hours ago')).toBeInTheDocument();
    expect(within(items[1]!).queryByText('Pinned')).not.toBeInTheDocument();

    await app.user.click(screen.getByRole('button', { name: 'Load More Replies' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Load More Replies' })).not.toBeInTheDocument();
  });

  it('says when there are no replies yet', async () => {
    const app = openProfile('/user/casey', {
      'GET /api/users/casey': { body: makeProfile({ isSelf: true }) },
      'GET /api/users/casey/posts': emptyPosts,
      'GET /api/users/casey/replies': { body: { replies: [], nextCursor: null } },
    });
    expect(await screen.findByText('You have no public questions yet.')).toBeInTheDocument();
    await app.user.click(screen.getByRole('tab', { name: 'Replies' }));
    expect(await screen.findByText('You have not replied to a public question yet.')).toBeInTheDocument();
  });
});
