import { formatDuration, posterOf, type PostImage, type PostVideo } from '@fenestra/shared';
import { Film, Play } from 'lucide-react';
import { StoredImage } from '../../../components/media/stored-image';

const TILE = 'relative aspect-[4/3] overflow-hidden rounded-md border border-border bg-surface-muted';
// A quarter of the strip (max-w-md, 3 gaps of 0.5rem): 106 px once the strip is full width, else a quarter of
// the screen less the page's and the card's padding (1rem each side) and the gaps.
const TILE_SIZES = '(min-width: 640px) 106px, calc(25vw - 22px)';

/** The video tile and up to 3 image thumbnails of a card (the post page opens them in the viewer). */
export function PostMediaStrip({
  images,
  video,
  eager = false,
}: {
  images: PostImage[];
  video: PostVideo | null;
  eager?: boolean;
}) {
  const shown = images.slice(0, 3);
  const poster = video && posterOf(video);
  if (!video && shown.length === 0) return null;
  return (
    <ul className="grid max-w-md grid-cols-4 gap-2" aria-label="Media">
      {video && (
        <li className={TILE}>
          {poster ? (
            <StoredImage
              picture={poster}
              sizes={TILE_SIZES}
              eager={eager}
              alt="Video thumbnail"
              className="size-full object-cover"
            />
          ) : (
            <span className="flex size-full items-center justify-center bg-slate-800 text-slate-100">
              <Film className="size-6" aria-hidden />
              <span className="sr-only">Video</span>
            </span>
          )}
          <span className="absolute inset-0 flex items-center justify-center" aria-hidden>
            <span className="flex size-8 items-center justify-center rounded-full bg-slate-950/70 text-white">
              <Play className="size-4 translate-x-px fill-current" />
            </span>
          </span>
          <span className="absolute right-1 bottom-1 rounded bg-slate-950/80 px-1 text-[11px] font-medium text-white tabular-nums">
            <span className="sr-only">Duration </span>
            {formatDuration(video.durationSeconds)}
          </span>
        </li>
      )}
      {shown.map((image) => (
        <li key={image.id} className={TILE}>
          <StoredImage
            picture={image}
            sizes={TILE_SIZES}
            eager={eager}
            alt={image.alt}
            className="size-full object-cover"
          />
        </li>
      ))}
    </ul>
  );
}
