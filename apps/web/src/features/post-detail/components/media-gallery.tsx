import { useRef, useState } from 'react';
import type { PostMediaItem } from '../utils/media-items';
import { DetectionLine } from './detection-line';
import { MediaTile } from '../../../components/media/media-tile';
import { MediaViewer } from '../../../components/media/media-viewer';

/** The post's media grid (video first, then images with their detection) and the viewer it opens. */
export function MediaGallery({ items }: { items: PostMediaItem[] }) {
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
            {item.type === 'image' && <DetectionLine detection={item.detection} />}
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
