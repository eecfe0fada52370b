import type { ReplyImage } from '@fenestra/shared';
import type { MediaItem } from '../../../components/media/media-item';
import { MediaTile } from '../../../components/media/media-tile';
import { MediaViewer } from '../../../components/media/media-viewer';
import { useTileViewer } from '../../../components/media/use-tile-viewer';

// The tiles' widths: w-24, sm:w-28.
const REPLY_TILE_SIZES = '(min-width: 640px) 112px, 96px';

/** A reply's photos as small tiles; each opens the same media viewer the post uses. */
export function ReplyImages({ images }: { images: ReplyImage[] }) {
  const { tileRef, open, viewer } = useTileViewer();
  if (images.length === 0) return null;

  const items: MediaItem[] = [...images]
    .sort((a, b) => a.displayOrder - b.displayOrder)
    .map((image, index) => ({
      type: 'image',
      url: image.url,
      alt: `Reply image ${index + 1}`,
      thumbnailUrl: image.url,
      picture: image,
      duration: null,
      imageNumber: index + 1,
    }));

  return (
    <>
      <ul aria-label="Reply photos" className="flex flex-wrap gap-2">
        {items.map((item, index) => (
          <li key={item.url} className="w-24 sm:w-28">
            <MediaTile
              item={item}
              sizes={REPLY_TILE_SIZES}
              aria-label={`Open reply image ${index + 1}`}
              ref={tileRef(index)}
              onClick={() => open(index)}
            />
          </li>
        ))}
      </ul>
      <MediaViewer items={items} {...viewer} />
    </>
  );
}
