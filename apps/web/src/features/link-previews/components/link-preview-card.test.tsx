import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LinkPreview } from '@fenestra/shared';
import { LinkPreviewCard } from './link-preview-card';

const previewOf = (url: string, over: Partial<LinkPreview> = {}): LinkPreview => ({
  url,
  title: 'Replacing a casement operator',
  description: 'Step by step, with the parts you need.',
  image: '/media/post-images/link-previews/1-abc.jpg',
  domain: new URL(url).hostname.replace(/^www\./, ''),
  ...over,
});

const cardLink = () => screen.getByRole('link');

describe('link preview card', () => {
  it('shows the picture, title, description and domain, and opens the link in a new tab', () => {
    render(<LinkPreviewCard preview={previewOf('https://www.truthhardware.com/operators')} />);
    const link = cardLink();
    expect(link).toHaveAttribute('href', 'https://www.truthhardware.com/operators');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
    expect(within(link).getByText('Replacing a casement operator')).toBeInTheDocument();
    expect(within(link).getByText('Step by step, with the parts you need.')).toBeInTheDocument();
    expect(within(link).getByText('truthhardware.com')).toBeInTheDocument();
    expect(link.querySelector('img')).toHaveAttribute('src', '/media/post-images/link-previews/1-abc.jpg');
  });

  it('sends the copy of the picture the card needs, lazily, with its size set', () => {
    const imageCopies = { width: 1200, height: 630, variantWidths: [160, 320, 640] };
    render(<LinkPreviewCard preview={previewOf('https://example.com/rollers', { imageCopies })} />);
    const img = cardLink().querySelector('img')!;
    expect(img).toHaveAttribute(
      'srcset',
      [
        '/media/post-images/link-previews/1-abc.w160.webp 160w',
        '/media/post-images/link-previews/1-abc.w320.webp 320w',
        '/media/post-images/link-previews/1-abc.w640.webp 640w',
        '/media/post-images/link-previews/1-abc.jpg 1200w',
      ].join(', '),
    );
    expect(img).toHaveAttribute('sizes', '(min-width: 640px) 128px, 96px');
    expect(img).toHaveAttribute('width', '1200');
    expect(img).toHaveAttribute('height', '630');
    expect(img).toHaveAttribute('loading', 'lazy');
  });

  it('leaves out the picture and description a page does not have', () => {
    render(<LinkPreviewCard preview={previewOf('https://example.com/rollers', { image: null, description: null })} />);
    expect(cardLink().querySelector('img')).toBeNull();
    expect(within(cardLink()).getByText('example.com')).toBeInTheDocument();
  });

  it.each([
    ['a YouTube watch link', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'YouTube'],
    ['a youtu.be link', 'https://youtu.be/dQw4w9WgXcQ', 'YouTube'],
    ['a YouTube embed link', 'https://www.youtube.com/embed/dQw4w9WgXcQ', 'YouTube'],
    ['a mobile YouTube link', 'https://m.youtube.com/watch?v=dQw4w9WgXcQ&t=42', 'YouTube'],
    ['a Vimeo video page', 'https://vimeo.com/76979871', 'Vimeo'],
    ['a Vimeo player link', 'https://player.vimeo.com/video/76979871', 'Vimeo'],
  ])('gives %s (%s) the larger video card with a play overlay and the %s badge', (_, url, badge) => {
    render(<LinkPreviewCard preview={previewOf(url)} />);
    const link = cardLink();
    expect(link).toHaveAttribute('data-card', 'video');
    expect(within(link).getByText(badge)).toBeInTheDocument();
    expect(link.querySelector('svg.lucide-play')).not.toBeNull();
    expect(link.querySelector('img')).toHaveAttribute('src', '/media/post-images/link-previews/1-abc.jpg');
  });

  it.each([
    ['another domain', 'https://www.andersenwindows.com/parts/'],
    ['a YouTube channel page', 'https://www.youtube.com/@ThisOldHouse'],
    ['a Vimeo page that is not a video', 'https://vimeo.com/channels/staffpicks'],
    ['a look-alike domain', 'https://notyoutube.com/watch?v=dQw4w9WgXcQ'],
  ])('gives %s (%s) the plain card, without a badge or play overlay', (_, url) => {
    render(<LinkPreviewCard preview={previewOf(url)} />);
    const link = cardLink();
    expect(link).toHaveAttribute('data-card', 'plain');
    expect(within(link).queryByText(/^(YouTube|Vimeo)$/)).toBeNull();
    expect(link.querySelector('svg.lucide-play')).toBeNull();
  });
});
