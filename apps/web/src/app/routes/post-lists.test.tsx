import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MSG } from '@fenestra/shared';
import { member, moderator, renderApp } from '../../test/render-app';
import { findCard, makePost, pageOf, requestedQueries } from '../../features/posts/testing/post-fixtures';

const toast = (text: string) => screen.findByText(text, { selector: '[data-sonner-toast] *' });

describe('the other lists', () => {
  it("shows a member's own posts in every status, with badges and the denial reason", async () => {
    const { fetchMock } = renderApp('/my-posts', {
      me: member,
      handlers: {
        'GET /api/posts': {
          body: pageOf([
            makePost({ title: 'Waiting for a moderator', status: 'pending' }),
            makePost({ title: 'Not a hardware question', status: 'denied', denialReason: 'Off topic' }),
            makePost({ title: 'Crank replaced, thanks all', status: 'solved' }),
          ]),
        },
      },
    });
    expect(await screen.findByRole('heading', { name: 'My Posts', level: 1 })).toBeInTheDocument();
    const pending = await findCard(0);
    const denied = await findCard(1);
    const solved = await findCard(2);
    expect(within(pending).getByText('Pending review')).toBeInTheDocument();
    expect(within(denied).getByText('Denied')).toBeInTheDocument();
    expect(within(denied).getByText('Denied: Off topic')).toBeInTheDocument();
    expect(within(solved).getByText('Solved')).toBeInTheDocument();
    // Only public posts can be liked or bookmarked: no toggles on one's own pending or denied posts.
    for (const card of [pending, denied]) {
      expect(within(card).queryByRole('button', { name: /^Like\b/ })).not.toBeInTheDocument();
      expect(within(card).queryByRole('button', { name: 'Bookmark' })).not.toBeInTheDocument();
    }
    expect(within(solved).getByRole('button', { name: /^Like\b/ })).toBeInTheDocument();
    expect(within(solved).getByRole('button', { name: 'Bookmark' })).toBeInTheDocument();
    expect(requestedQueries(fetchMock, '/api/posts')[0]?.get('scope')).toBe('mine');
  });

  it('shows tags the same way on a card and on the post page', async () => {
    const card = makePost({ title: 'Tagged question', tags: ['casement', 'crank handle'] });
    const { router } = renderApp('/', {
      handlers: {
        'GET /api/posts': { body: pageOf([card]) },
        [`GET /api/posts/${card.id}`]: {
          body: {
            ...card,
            description: 'd'.repeat(60),
            bookmarkCount: 0,
            editedAt: null,
            answeredBy: null,
            canModerate: false,
            canOverrideDetection: false,
            version: 1,
            acceptedReplyId: null,
            mentions: [],
          },
        },
      },
    });
    const tagsOf = (scope: HTMLElement) =>
      within(within(scope).getByRole('list', { name: 'Tags' })).getAllByRole('listitem');
    const onCard = tagsOf(await findCard()).map((li) => [li.textContent, li.className]);
    expect(onCard.map(([text]) => text)).toEqual(['#casement', '#crank handle']);
    await router.navigate(`/post/${card.id}`);
    await screen.findByRole('heading', { level: 1, name: 'Tagged question' });
    const onPage = tagsOf(screen.getByRole('article')).map((li) => [
      li.textContent,
      li.className.replace('text-sm', 'text-xs'),
    ]);
    expect(onPage).toEqual(onCard);
  });

  it('lists posts with video under Video Guides', async () => {
    const { fetchMock } = renderApp('/resources/videos', {
      handlers: {
        'GET /api/posts': {
          body: pageOf([
            makePost({
              video: {
                url: '/v.webm',
                thumbnailUrl: null,
                thumbnailWidth: null,
                thumbnailHeight: null,
                thumbnailVariantWidths: [],
                durationSeconds: 9,
                fileSizeBytes: 1,
                mimeType: 'video/webm',
              },
            }),
          ]),
        },
      },
    });
    expect(screen.getByRole('heading', { name: 'Video Guides', level: 1 })).toBeInTheDocument();
    const card = await findCard();
    // No thumbnail (a QuickTime the browser could not read): a plain video tile with its duration.
    expect(within(card).getByText('Video')).toBeInTheDocument();
    expect(within(card).getByText('0:09')).toBeInTheDocument();
    expect(requestedQueries(fetchMock, '/api/posts')[0]?.get('scope')).toBe('videos');
  });

  it('gives staff the unsolved queue', async () => {
    const { fetchMock } = renderApp('/admin/unsolved', {
      me: moderator,
      handlers: { 'GET /api/posts': { body: pageOf([makePost({ title: 'Oldest open question' })]) } },
    });
    expect(await screen.findByRole('heading', { name: 'Unsolved Posts', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Oldest open question' })).toBeInTheDocument();
    expect(requestedQueries(fetchMock, '/api/posts')[0]?.get('scope')).toBe('unsolved-queue');
  });

  it("shows a member's bookmarks, and drops one when it is removed", async () => {
    const kept = makePost({ title: 'Glazing bead profile match', bookmarked: true });
    const dropped = makePost({ title: 'Patio door roller size', bookmarked: true });
    let saved = [kept, dropped];
    const { user, fetchMock } = renderApp('/bookmarks', {
      me: member,
      handlers: {
        'GET /api/bookmarks': () => ({ body: pageOf(saved) }),
        [`POST /api/posts/${dropped.id}/bookmark`]: () => {
          saved = [kept];
          return { body: { active: false, count: 0 } };
        },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Bookmarks', level: 1 })).toBeInTheDocument();
    const card = (await screen.findByRole('link', { name: 'Patio door roller size' })).closest('article')!;
    await user.click(within(card).getByRole('button', { name: 'Remove bookmark' }));
    expect(await toast(MSG.bookmarkRemoved)).toBeInTheDocument();
    await screen.findByRole('link', { name: 'Glazing bead profile match' });
    await expect.poll(() => screen.queryByRole('link', { name: 'Patio door roller size' })).toBeNull();
    expect(requestedQueries(fetchMock, '/api/bookmarks')).toHaveLength(2);
  });

  it('says when there are no bookmarks', async () => {
    renderApp('/bookmarks', { me: member, handlers: { 'GET /api/bookmarks': { body: pageOf([]) } } });
    expect(await screen.findByText(MSG.noBookmarks)).toBeInTheDocument();
  });

  it('toasts when bookmarks cannot load', async () => {
    renderApp('/bookmarks', {
      me: member,
      handlers: { 'GET /api/bookmarks': { status: 500, body: { message: 'Internal Server Error' } } },
    });
    expect(await toast(MSG.failedLoadBookmarks)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
