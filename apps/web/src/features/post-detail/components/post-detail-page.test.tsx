import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PostDetail, PostImage } from '@fenestra/shared';
import { member, moderator, renderApp } from '../../../test/render-app';

const image = (n: number, confidence: number | null): PostImage => ({
  id: `img-${n}`,
  url: `/uploads/u1/photo-${n}.jpg`,
  alt: `Image ${n}`,
  displayOrder: n - 1,
  width: null,
  height: null,
  variantWidths: [],
  detection: {
    object: confidence === null ? null : `Part ${n}`,
    category: null,
    material: null,
    finish: null,
    confidence,
    keyFeatures: [],
    userConfirmedObject: null,
    status: confidence === null ? 'none' : 'done',
    visibleText: null,
  },
});

const post = (overrides: Partial<PostDetail> = {}): PostDetail => ({
  id: 'p1',
  topic: 'windows',
  title: 'Which crank handle fits this casement window?',
  description: 'The handle snapped off last week.\n\nIt says <b>TRUTH</b> on the gearbox.',
  descriptionHtml:
    '<p>The handle snapped off last week.</p>\n<p>It says &lt;b&gt;TRUTH&lt;/b&gt; on the gearbox.</p>\n',
  status: 'open',
  denialReason: null,
  createdAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
  author: { id: 'u1', username: 'casey', avatarUrl: null },
  tags: ['casement', 'crank handle'],
  images: [image(1, 0.87), image(2, null)],
  video: {
    url: '/uploads/u1/clip.mp4',
    thumbnailUrl: '/uploads/u1/clip.jpg',
    thumbnailWidth: null,
    thumbnailHeight: null,
    thumbnailVariantWidths: [],
    durationSeconds: 75,
    fileSizeBytes: 1000,
    mimeType: 'video/mp4',
  },
  replyCount: 4,
  voteCount: 7,
  bookmarkCount: 1,
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
  ...overrides,
});

describe('post page', () => {
  it("shows 'Loading...', then the question with its author, status, topic, tags and text as written", async () => {
    renderApp('/post/p1', { handlers: { 'GET /api/posts/p1': { body: post() } } });
    expect(screen.getByText('Loading...')).toBeInTheDocument();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Which crank handle fits this casement window?' }),
    ).toBeInTheDocument();
    expect(screen.getByText('@casey')).toBeInTheDocument();
    expect(screen.getByText('3 hours ago').tagName).toBe('TIME');
    expect(screen.getByText('In Progress')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Topic: Windows' })).toHaveAttribute('href', '/?topic=windows');
    expect(within(screen.getByRole('list', { name: 'Tags' })).getAllByRole('listitem')).toHaveLength(2);
    // Text, never HTML.
    expect(screen.getByText(/It says <b>TRUTH<\/b> on the gearbox\./)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: '4 Replies' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to discussions' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'Bookmark' })).toBeInTheDocument();
    expect(document.title).toBe('Which crank handle fits this casement window? · Fenestra');
  });

  it('lays out the video first (thumbnail and m:ss), then the images with their detection', async () => {
    renderApp('/post/p1', { handlers: { 'GET /api/posts/p1': { body: post() } } });
    const grid = await screen.findByRole('list', { name: 'Photos and video' });
    expect(
      within(grid)
        .getAllByRole('button')
        .map((tile) => tile.getAttribute('aria-label')),
    ).toEqual(['Play video', 'Open image 1', 'Open image 2']);
    expect(within(grid).getByText('1:15')).toBeInTheDocument();
    expect(within(grid).getByText('Confidence 87% (high)')).toBeInTheDocument();
    expect(within(grid).getByText('Not identified')).toBeInTheDocument();
  });

  it("shows 'Post not found' with a way back for a 404", async () => {
    renderApp('/post/gone', {
      handlers: { 'GET /api/posts/gone': { status: 404, body: { message: 'Post not found' } } },
    });
    expect(await screen.findByRole('heading', { name: 'Post not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to discussions' })).toHaveAttribute('href', '/');
  });

  it("toasts 'Failed to load post' when the server fails", async () => {
    renderApp('/post/p1', {
      handlers: { 'GET /api/posts/p1': { status: 500, body: { message: 'Internal Server Error' } } },
    });
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(
      await within(screen.getByRole('region', { name: /Messages/ })).findByText('Failed to load post'),
    ).toBeInTheDocument();
  });

  it('tells the author a pending question is waiting for review', async () => {
    renderApp('/post/p1', { me: member, handlers: { 'GET /api/posts/p1': { body: post({ status: 'pending' }) } } });
    expect(await screen.findByText('This question is waiting for review by a moderator.')).toBeInTheDocument();
    // Nobody can like or bookmark a post that is not public (the API refuses it too).
    expect(screen.queryByRole('button', { name: 'Bookmark' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Like\b/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Share/ })).toBeInTheDocument();
  });

  it('shows a denied question with the reason', async () => {
    renderApp('/post/p1', {
      me: moderator,
      handlers: {
        'GET /api/posts/p1': { body: post({ status: 'denied', denialReason: 'Please add a photo of the gearbox.' }) },
      },
    });
    expect(await screen.findByText('This question was denied')).toBeInTheDocument();
    expect(screen.getByText('Reason: Please add a photo of the gearbox.')).toBeInTheDocument();
  });

  it('goes back to the page it came from', async () => {
    const { user, location, router } = renderApp('/', {
      handlers: {
        'GET /api/posts': { body: { posts: [], nextCursor: null, total: 0 } },
        'GET /api/posts/p1': { body: post() },
      },
    });
    await router.navigate('/post/p1');
    await user.click(await screen.findByRole('link', { name: 'Back to discussions' }));
    await waitFor(() => expect(location()).toBe('/'));
  });

  it("copies the post's address and says so", async () => {
    const { user } = renderApp('/post/p1', { handlers: { 'GET /api/posts/p1': { body: post() } } });
    const share = await screen.findByRole('button', { name: 'Share' });
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });

    await user.click(share);
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/post/p1`);
    expect(await screen.findByText('Link copied to clipboard!')).toBeInTheDocument();
  });

  it("says 'Failed to copy link' when the clipboard refuses", async () => {
    const { user } = renderApp('/post/p1', { handlers: { 'GET /api/posts/p1': { body: post() } } });
    const share = await screen.findByRole('button', { name: 'Share' });
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: vi.fn().mockRejectedValue(new Error('denied')) },
      configurable: true,
    });

    await user.click(share);
    expect(await screen.findByText('Failed to copy link')).toBeInTheDocument();
  });
});
