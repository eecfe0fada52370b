import type { ComponentProps } from 'react';
import { pictureSrcSet, type StoredPicture } from '@fenestra/shared';

interface StoredImageProps extends Omit<
  ComponentProps<'img'>,
  'src' | 'srcSet' | 'sizes' | 'width' | 'height' | 'loading'
> {
  picture: StoredPicture;
  /** The width it is drawn at, as a `sizes` value: the browser takes the smallest copy that covers it on its screen. */
  sizes: string;
  /** Above the fold: fetched with the page. Everything else waits until it nears the viewport. */
  eager?: boolean;
  /** The box to reserve for a photo stored before sizes were kept (the tiles' own 4:3). */
  fallbackSize?: { width: number; height: number };
}

/**
 * A stored photo: its WebP copies as `srcset` (the photo itself when it has none), width and height from the
 * photo so nothing moves when it arrives, lazy unless `eager`. The same markup on the server and in the browser.
 */
export function StoredImage({
  picture,
  sizes,
  eager = false,
  fallbackSize = { width: 160, height: 120 },
  alt,
  ...props
}: StoredImageProps) {
  const srcSet = pictureSrcSet(picture);
  return (
    <img
      alt={alt}
      width={picture.width ?? fallbackSize.width}
      height={picture.height ?? fallbackSize.height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      sizes={srcSet ? sizes : undefined}
      srcSet={srcSet}
      src={picture.url}
      {...props}
    />
  );
}
