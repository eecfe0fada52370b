import { formatDuration, type PostImage, type PostVideo } from '@fenestra/shared';
import { Film, Play } from 'lucide-react';

const TILE = 'relative aspect-[4/3] overflow-hidden rounded-md border border-border bg-surface-muted';

/** The video tile and up to 3 image thumbnails of a card (the post page opens them in the viewer). */
export function PostMediaStrip({ images, video }: { images: PostImage[]; video: PostVideo | null }) {
  const shown = images.slice(0, 3);
  if (!video && shown.length === 0) return null;
  return (
    <ul className="grid max-w-md grid-cols-4 gap-2" aria-label="Media">
      {video && (
        <li className={TILE}>
          {video.thumbnailUrl ? (
            <img src={video.thumbnailUrl} alt="Video thumbnail" width={160} height={120} loading="lazy" decoding="async" className="size-full object-cover" />
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
          <img src={image.url} alt={image.alt} width={160} height={120} loading="lazy" decoding="async" className="size-full object-cover" />
        </li>
      ))}
    </ul>
  );
}
