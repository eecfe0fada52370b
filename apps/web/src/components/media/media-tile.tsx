import type { ComponentProps } from 'react';
import { Play, Video } from 'lucide-react';
import { formatDuration } from '@fenestra/shared';
import { cn } from '../../lib/cn';
import { tileLabelOf, type MediaItem } from './media-item';
import { StoredImage } from './stored-image';

interface MediaTileProps extends Omit<ComponentProps<'button'>, 'children'> {
  item: MediaItem;
  /** The tile's drawn width, as a `sizes` value. */
  sizes: string;
  /** Above the fold: its picture loads with the page. */
  eager?: boolean;
}

/** A square button showing an image, a video's thumbnail with a play overlay, or a plain video tile. */
export function MediaTile({ item, sizes, eager = false, className, ref, ...props }: MediaTileProps) {
  return (
    <button
      ref={ref}
      type="button"
      aria-label={tileLabelOf(item)}
      className={cn(
        'group relative block aspect-[4/3] w-full cursor-pointer overflow-hidden rounded-lg border border-border bg-surface-muted',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        className,
      )}
      {...props}
    >
      {item.picture ? (
        <StoredImage
          picture={item.picture}
          sizes={sizes}
          eager={eager}
          alt=""
          className="size-full object-cover transition-transform duration-200 group-hover:scale-[1.03] motion-reduce:transition-none"
        />
      ) : (
        <span className="flex size-full flex-col items-center justify-center gap-2 bg-slate-900 text-slate-100">
          <Video className="size-8" aria-hidden />
          <span className="text-sm font-medium">Video</span>
        </span>
      )}
      {item.type === 'video' && (
        <>
          <span
            className="absolute inset-0 flex items-center justify-center bg-slate-950/25 group-hover:bg-slate-950/35"
            aria-hidden
          >
            <span className="flex size-12 items-center justify-center rounded-full bg-slate-950/75 text-white shadow-lg">
              <Play className="ml-0.5 size-6 fill-current" />
            </span>
          </span>
          {item.duration !== null && (
            <span className="absolute right-2 bottom-2 rounded bg-slate-950/80 px-1.5 py-0.5 text-xs font-medium text-white tabular-nums">
              {formatDuration(item.duration)}
            </span>
          )}
        </>
      )}
    </button>
  );
}
