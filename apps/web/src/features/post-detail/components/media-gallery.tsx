import { useRef, useState } from 'react';
import type { PostMediaItem } from '../utils/media-items';
import { ImageDetection } from './image-detection';
import { MediaTile } from '../../../components/media/media-tile';
import { MediaViewer } from '../../../components/media/media-viewer';

/**
 * The post's media grid (video first, then images with their detection) and the viewer it opens. `staff`:
 * the viewer may override detections (the post's canOverrideDetection), on this post.
 */
export function MediaGallery({ items, staff = null }: { items: PostMediaItem[]; staff?: { postId: string } | null }) {
  const [viewerIndex, setViewerIndex] = useState<number | null>(null);
  const openedFrom = useRef<number | null>(null);
  const tiles = useRef<(HTMLButtonElement | null)[]>([]);

  if (items.length === 0) return null;

  const open = (index: number) => {
    openedFrom.current = index;
    setViewerIndex(index);
  };

  return (
    <>
      <ul aria-label="Photos and video" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {items.map((item, index) => (
          <li key={`${item.type}-${item.url}`} className="min-w-0 space-y-1.5">
            <MediaTile
              item={item}
              ref={(element) => {
                tiles.current[index] = element;
              }}
              onClick={() => open(index)}
            />
            {item.type === 'image' && item.detection && item.imageId && (
              <ImageDetection detection={item.detection} image={{ id: item.imageId, url: item.url, alt: item.alt }} staff={staff} />
            )}
          </li>
        ))}
      </ul>
      <MediaViewer
        items={items}
        index={viewerIndex}
        onIndexChange={setViewerIndex}
        onClose={() => setViewerIndex(null)}
        onCloseAutoFocus={(event) => {
          // Back to the tile that opened the viewer, even after stepping to other items.
          const tile = openedFrom.current === null ? null : tiles.current[openedFrom.current];
          if (tile) {
            event.preventDefault();
            tile.focus();
          }
        }}
      />
    </>
  );
}
