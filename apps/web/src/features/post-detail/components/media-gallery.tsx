import type { PostMediaItem } from '../utils/media-items';
import { ImageDetection } from './image-detection';
import { MediaTile } from '../../../components/media/media-tile';
import { MediaViewer } from '../../../components/media/media-viewer';
import { useTileViewer } from '../../../components/media/use-tile-viewer';

// Two columns on a phone, three from 640 px (gap 0.75rem), inside the page's and the post's padding, beside the
// 15rem sidebar from 768 px; the column stops growing at 56rem.
const GALLERY_TILE_SIZES =
  '(min-width: 1272px) 275px, (min-width: 768px) calc(33vw - 125px), (min-width: 640px) calc(33vw - 45px), calc(50vw - 38px)';

/**
 * The post's media grid (video first, then images with their detection) and the viewer it opens. `staff`:
 * the viewer may override detections (the post's canOverrideDetection), on this post.
 */
export function MediaGallery({ items, staff = null }: { items: PostMediaItem[]; staff?: { postId: string } | null }) {
  const { tileRef, open, viewer } = useTileViewer();
  if (items.length === 0) return null;

  return (
    <>
      <ul aria-label="Photos and video" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {items.map((item, index) => (
          <li key={`${item.type}-${item.url}`} className="min-w-0 space-y-1.5">
            <MediaTile
              item={item}
              sizes={GALLERY_TILE_SIZES}
              eager={index === 0}
              ref={tileRef(index)}
              onClick={() => open(index)}
            />
            {item.type === 'image' && item.detection && item.imageId && (
              <ImageDetection
                detection={item.detection}
                image={{ id: item.imageId, url: item.url, alt: item.alt }}
                staff={staff}
              />
            )}
          </li>
        ))}
      </ul>
      <MediaViewer items={items} {...viewer} />
    </>
  );
}
