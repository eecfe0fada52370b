import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LinkPreview, PostDetail, Reply } from '@fenestra/shared';
import { member, renderApp } from '../../test/render-app';
import { requestKeys } from '../../features/posts/testing/post-fixtures';
import { DRAFT_PREVIEW_PAUSE_MS } from '../../features/link-previews/components/draft-link-previews';

const post: PostDetail = {
  id: 'p1',
  topic: 'windows',
  title: 'Which crank handle fits this casement window?',
  description: 'The handle snapped off last week and the gearbox says TRUTH on it.',
  descriptionHtml: '<p>The handle snapped off last week and the gearbox says TRUTH on it.</p>\n',
  status: 'open',
  denialReason: null,
  createdAt: new Date().toISOString(),
  author: { id: 'u9', username: 'riley', avatarUrl: null },
  tags: [],
  images: [],
  video: null,
  replyCount: 1,
  voteCount: 0,
  bookmarkCount: 0,
  editedAt: null,
  answeredBy: null,
  liked: false,
  bookmarked: false,
  canModerate: false,
  canOverrideDetection: false,
  version: 1,
  acceptedReplyId: null,
  hiddenByFlags: false,
  mentions: [],
};

const card = (url: string, title: string): LinkPreview => ({
  url,
  title,
  description: null,
  image: '/media/post-images/link-previews/1-a.jpg',
  domain: new URL(url).hostname.replace(/^www\./, ''),
});

const reply: Reply = {
  id: 'r1',
  postId: 'p1',
  content: 'This one: https://www.truthhardware.com/operators and a how-to https://youtu.be/dQw4w9WgXcQ',
  contentHtml: '<p>This one: https://www.truthhardware.com/operators and a how-to https://youtu.be/dQw4w9WgXcQ</p>\n',
  createdAt: new Date().toISOString(),
  isPinned: false,
  version: 1,
  editedAt: null,
  isAccepted: false,
  helpfulCount: 0,
  author: { id: 'u2', username: 'sam', avatarUrl: null },
  images: [],
  mentions: [],
  previews: [
    card('https://www.truthhardware.com/operators', 'Casement operators'),
    card('https://youtu.be/dQw4w9WgXcQ', 'Replacing an operator'),
  ],
};

afterEach(() => {
  vi.useRealTimers();
});

describe('link previews on the post page', () => {
  it("shows a reply's cards under its text, to visitors too, the video one with its badge", async () => {
    renderApp('/post/p1', {
      handlers: {
        'GET /api/posts/p1': { body: post },
        'GET /api/posts/p1/replies': { body: { replies: [reply], nextCursor: null } },
      },
    });
    // The first render of the page loads its modules: allow a busy machine more than the default second.
    const shown = await screen.findByRole('article', { name: 'Reply by sam' }, { timeout: 5000 });
    const cards = within(within(shown).getByRole('list', { name: 'Link previews' })).getAllByRole('link');
    expect(cards.map((c) => c.getAttribute('href'))).toEqual([
      'https://www.truthhardware.com/operators',
      'https://youtu.be/dQw4w9WgXcQ',
    ]);
    expect(within(cards[0]!).getByText('Casement operators')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('YouTube')).toBeInTheDocument();
  });

  it('previews the links a member types once typing pauses, and shows nothing for a link without a card', async () => {
    const asked: string[] = [];
    const { fetchMock } = renderApp('/post/p1', {
      me: member,
      handlers: {
        'GET /api/posts/p1': { body: post },
        'POST /api/link-preview': (body) => {
          const { url } = body as { url: string };
          asked.push(url);
          return { body: url.includes('truthhardware') ? card(url, 'Casement operators') : null };
        },
      },
    });
    const field = await screen.findByRole('textbox', { name: 'Add a Reply' }, { timeout: 5000 });
    await screen.findByRole('button', { name: 'Post Reply' });

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.change(field, { target: { value: 'Try https://www.truthhard' } });
    fireEvent.change(field, {
      target: { value: 'Try https://www.truthhardware.com/operators#crank or http://10.0.0.1/admin' },
    });
    act(() => vi.advanceTimersByTime(DRAFT_PREVIEW_PAUSE_MS - 1));
    expect(requestKeys(fetchMock)).not.toContain('POST /api/link-preview');
    act(() => vi.advanceTimersByTime(1));
    vi.useRealTimers();

    const previews = await screen.findByRole('list', { name: 'Link previews' });
    expect(await within(previews).findByText('Casement operators')).toBeInTheDocument();
    expect(within(previews).getAllByRole('link')).toHaveLength(1);
    expect(asked).toEqual(['https://www.truthhardware.com/operators', 'http://10.0.0.1/admin']);
  });
});
