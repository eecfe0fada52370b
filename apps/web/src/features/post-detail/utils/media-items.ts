import { posterOf, type Detection, type PostDetail } from '@fenestra/shared';
import type { MediaItem } from '../../../components/media/media-item';

/** One thing the post's media grid shows: a viewer item with what the AI saw in it. */
export interface PostMediaItem extends MediaItem {
  /** What the AI saw in an image; null for the video. */
  detection: Detection | null;
  /** The image's id (override and retry name it); null for the video. */
  imageId: string | null;
}

/** The video first, then the images in their display order. */
export function mediaItemsOf(post: Pick<PostDetail, 'images' | 'video'>): PostMediaItem[] {
  const items: PostMediaItem[] = [];
  if (post.video) {
    items.push({
      type: 'video',
      url: post.video.url,
      alt: 'Video',
      thumbnailUrl: post.video.thumbnailUrl,
      picture: posterOf(post.video),
      duration: post.video.durationSeconds,
      imageNumber: null,
      detection: null,
      imageId: null,
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
        picture: image,
        duration: null,
        imageNumber: index + 1,
        detection: image.detection ?? null,
        imageId: image.id,
      });
    });
  return items;
}
