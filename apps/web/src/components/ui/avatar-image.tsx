import { pictureSrcSet, type PictureCopies } from '@fenestra/shared';

interface AvatarImageProps {
  url: string;
  /** Its WebP copies, when it has them: the browser takes the smallest that covers `px` on its screen. */
  copies: PictureCopies | undefined;
  /** The width and height it is drawn at (reserved, so nothing moves when it arrives). */
  px: number;
  /** Below the fold: fetched when it nears the viewport. */
  lazy?: boolean;
  alt?: string;
  className?: string;
}

/** An uploaded avatar, sent at the size it is drawn (decision 016): a 24-px avatar gets its 48-px copy, not 512 px. */
export function AvatarImage({ url, copies, px, lazy = false, alt = '', className }: AvatarImageProps) {
  const srcSet = copies && pictureSrcSet({ url, ...copies });
  return (
    <img
      src={url}
      srcSet={srcSet}
      sizes={srcSet ? `${px}px` : undefined}
      alt={alt}
      width={px}
      height={px}
      loading={lazy ? 'lazy' : undefined}
      decoding="async"
      className={className}
    />
  );
}
