import type { Detection, PostDetail } from '@fenestra/shared';

/** One thing the media grid and viewer show (SPEC section 3 'Media item'). */
export interface MediaItem {
  type: 'image' | 'video';
  url: string;
  alt: string;
  thumbnailUrl: string | null;
  /** Seconds, for videos. */
  duration: number | null;
  /** The image's position among the post's images (1-based); null for the video. */
  imageNumber: number | null;
  /** What the AI saw in an image; null for the video. */
  detection: Detection | null;
}

/** The video first, then the images in their display order. */
export function mediaItemsOf(post: Pick<PostDetail, 'images' | 'video'>): MediaItem[] {
  const items: MediaItem[] = [];
  if (post.video) {
    items.push({
      type: 'video',
      url: post.video.url,
      alt: 'Video',
      thumbnailUrl: post.video.thumbnailUrl,
      duration: post.video.durationSeconds,
      imageNumber: null,
      detection: null,
    });
  }
  [...post.images]
    .sort((a, b) => a.displayOrder - b.displayOrder)
    .forEach((image, index) => {
      items.push({
        type: 'image',
        url: image.url,
        alt: image.alt || `Image ${index + 1}`,
        thumbnailUrl: image.url,
        duration: null,
        imageNumber: index + 1,
        detection: image.detection ?? null,
      });
    });
  return items;
}

/** The accessible name of an item's tile: 'Play video' or 'Open image {n}'. */
export function tileLabelOf(item: MediaItem): string {
  return item.type === 'video' ? 'Play video' : `Open image ${item.imageNumber}`;
}
