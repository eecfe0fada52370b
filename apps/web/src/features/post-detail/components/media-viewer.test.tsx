import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PostDetail } from '@fenestra/shared';
import { renderApp } from '../../../test/render-app';

const detection = {
  object: null,
  category: null,
  material: null,
  finish: null,
  confidence: null,
  keyFeatures: [],
  userConfirmedObject: null,
  status: 'off' as const,
  visibleText: null,
};

const post: PostDetail = {
  id: 'p1',
  topic: 'doors',
  title: 'Sliding door roller replacement',
  description: 'The rollers on my patio door are worn flat and the door drags along the track.',
  descriptionHtml: '<p>The rollers on my patio door are worn flat and the door drags along the track.</p>\n',
  status: 'solved',
  denialReason: null,
  createdAt: '2026-01-05T10:00:00.000Z',
  author: { id: 'u1', username: 'casey', avatarUrl: null },
  tags: [],
  images: [
    {
      id: 'i1',
      url: '/uploads/a.jpg',
      alt: 'Image 1',
      displayOrder: 0,
      width: null,
      height: null,
      variantWidths: [],
      detection,
    },
    {
      id: 'i2',
      url: '/uploads/b.jpg',
      alt: 'Image 2',
      displayOrder: 1,
      width: null,
      height: null,
      variantWidths: [],
      detection,
    },
  ],
  video: {
    url: '/uploads/clip.webm',
    thumbnailUrl: null,
    thumbnailWidth: null,
    thumbnailHeight: null,
    thumbnailVariantWidths: [],
    durationSeconds: 12,
    fileSizeBytes: 1,
    mimeType: 'video/webm',
  },
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

function renderPost() {
  return renderApp('/post/p1', { handlers: { 'GET /api/posts/p1': { body: post } } });
}

describe('media viewer', () => {
  it('steps with the arrow keys, wraps around, and closes with Escape back to its tile', async () => {
    const { user } = renderPost();
    const videoTile = await screen.findByRole('button', { name: 'Play video' });
    // No thumbnail: a plain video tile.
    expect(within(videoTile).getByText('Video')).toBeInTheDocument();

    await user.click(videoTile);
    const viewer = await screen.findByRole('dialog', { name: 'Media viewer' });
    expect(within(viewer).getByText('1 / 3')).toBeInTheDocument();
    expect(viewer.querySelector('video')).toHaveAttribute('src', '/uploads/clip.webm');

    await user.keyboard('{ArrowRight}');
    expect(within(viewer).getByText('2 / 3')).toBeInTheDocument();
    expect(within(viewer).getByRole('img', { name: 'Image 1' })).toHaveAttribute('src', '/uploads/a.jpg');

    await user.keyboard('{ArrowRight}');
    expect(within(viewer).getByText('3 / 3')).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(within(viewer).getByText('1 / 3')).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(within(viewer).getByText('3 / 3')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Media viewer' })).not.toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(videoTile).toHaveFocus();
  });

  it('opens on the chosen image; Previous, Next and the thumbnails move through the media', async () => {
    const { user } = renderPost();
    await user.click(await screen.findByRole('button', { name: 'Open image 2' }));
    const viewer = await screen.findByRole('dialog', { name: 'Media viewer' });
    expect(within(viewer).getByText('3 / 3')).toBeInTheDocument();
    expect(within(viewer).getByRole('button', { name: 'Show image 2' })).toHaveAttribute('aria-current', 'true');

    await user.click(within(viewer).getByRole('button', { name: 'Next' }));
    expect(within(viewer).getByText('1 / 3')).toBeInTheDocument();
    await user.click(within(viewer).getByRole('button', { name: 'Previous' }));
    expect(within(viewer).getByText('3 / 3')).toBeInTheDocument();

    await user.click(within(viewer).getByRole('button', { name: 'Show image 1' }));
    expect(within(viewer).getByText('2 / 3')).toBeInTheDocument();
    expect(within(viewer).getByRole('button', { name: 'Show image 1' })).toHaveAttribute('aria-current', 'true');
    expect(within(viewer).getByRole('button', { name: 'Show image 2' })).not.toHaveAttribute('aria-current');

    await user.click(within(viewer).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
