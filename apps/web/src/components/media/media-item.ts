import type { StoredPicture } from '@fenestra/shared';

/** One thing the media viewer shows (SPEC section 3 'Media item'). */
export interface MediaItem {
  type: 'image' | 'video';
  url: string;
  alt: string;
  thumbnailUrl: string | null;
  /** What its tile shows, with its smaller copies: the image itself, or the video's poster (null: none). */
  picture: StoredPicture | null;
  /** Seconds, for videos. */
  duration: number | null;
  /** The image's position among its post's or reply's images (1-based); null for the video. */
  imageNumber: number | null;
}

/** The accessible name of an item's tile: 'Play video' or 'Open image {n}'. */
export function tileLabelOf(item: MediaItem): string {
  return item.type === 'video' ? 'Play video' : `Open image ${item.imageNumber}`;
}
