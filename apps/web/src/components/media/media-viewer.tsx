import { useRef, type KeyboardEvent, type TouchEvent } from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { ChevronLeft, ChevronRight, Play, X } from 'lucide-react';
import { cn } from '../../lib/cn';
import type { MediaItem } from './media-item';
import { ViewerArrow } from './viewer-arrow';
import { StoredImage } from './stored-image';

interface MediaViewerProps {
  items: MediaItem[];
  /** The item shown; the viewer is closed while this is null. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** Where focus goes back when the viewer closes (the tile that opened it). */
  onCloseAutoFocus?: (event: Event) => void;
}

const SWIPE_PX = 50;

/**
 * The image shown, at its own size or the screen's width, whichever is less: a phone gets a copy, a large screen
 * the photo itself. Width and height give the box its shape before it arrives; the viewer's limits size it.
 */
function ViewedImage({ item }: { item: MediaItem }) {
  const className = 'max-h-full max-w-full rounded-md object-contain';
  const width = item.picture?.width;
  if (!item.picture || !width) return <img src={item.url} alt={item.alt} className={className} />;
  const sizes = `(max-width: ${width}px) 100vw, ${width}px`;
  return (
    <StoredImage picture={item.picture} sizes={sizes} eager alt={item.alt} className={cn(className, 'h-auto w-auto')} />
  );
}

/** Full-screen viewer: arrows and keys step through the post's media (wrapping), Escape closes. */
export function MediaViewer({ items, index, onIndexChange, onClose, onCloseAutoFocus }: MediaViewerProps) {
  const touchStartX = useRef<number | null>(null);
  const open = index !== null && items.length > 0;
  const current = open ? Math.min(index, items.length - 1) : 0;
  const item = items[current];
  const many = items.length > 1;

  const step = (delta: number) => onIndexChange((current + delta + items.length) % items.length);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // A focused video keeps its own arrow keys (seeking).
    if (event.target instanceof HTMLVideoElement) return;
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      step(1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      step(-1);
    }
  };

  const onTouchStart = (event: TouchEvent) => {
    touchStartX.current = event.touches[0]?.clientX ?? null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStartX.current;
    const end = event.changedTouches[0]?.clientX;
    touchStartX.current = null;
    if (!many || start === null || end === undefined || Math.abs(end - start) < SWIPE_PX) return;
    step(end < start ? 1 : -1);
  };

  return (
    <DialogPrimitive.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/80" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          onKeyDown={onKeyDown}
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed inset-0 z-50 flex flex-col bg-slate-950 text-white shadow-2xl outline-none sm:inset-4 sm:rounded-xl sm:border sm:border-white/10"
        >
          <DialogPrimitive.Title className="sr-only">Media viewer</DialogPrimitive.Title>
          <div className="flex items-center justify-between gap-4 px-4 py-3">
            <p className="text-sm font-medium tabular-nums" aria-live="polite">
              {current + 1} / {items.length}
            </p>
            <DialogPrimitive.Close
              aria-label="Close"
              className="inline-flex size-10 cursor-pointer items-center justify-center rounded-full text-white hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              <X className="size-5" aria-hidden />
            </DialogPrimitive.Close>
          </div>

          <div
            className="relative flex min-h-0 flex-1 items-center justify-center px-2 sm:px-16"
            onTouchStart={onTouchStart}
            onTouchEnd={onTouchEnd}
          >
            {item &&
              (item.type === 'video' ? (
                <video
                  key={item.url}
                  src={item.url}
                  poster={item.thumbnailUrl ?? undefined}
                  controls
                  playsInline
                  preload="metadata"
                  aria-label="Video"
                  className="max-h-full max-w-full rounded-md bg-black"
                />
              ) : (
                <ViewedImage key={item.url} item={item} />
              ))}
            {many && (
              <>
                <ViewerArrow label="Previous" onClick={() => step(-1)} className="left-2 sm:left-3">
                  <ChevronLeft className="size-6" aria-hidden />
                </ViewerArrow>
                <ViewerArrow label="Next" onClick={() => step(1)} className="right-2 sm:right-3">
                  <ChevronRight className="size-6" aria-hidden />
                </ViewerArrow>
              </>
            )}
          </div>

          {many && (
            <ul
              aria-label="Media"
              className="flex shrink-0 justify-start gap-2 overflow-x-auto px-4 py-3 sm:justify-center"
            >
              {items.map((thumb, thumbIndex) => (
                <li key={`${thumb.type}-${thumb.url}`} className="shrink-0">
                  <button
                    type="button"
                    aria-label={thumb.type === 'video' ? 'Show video' : `Show image ${thumb.imageNumber}`}
                    aria-current={thumbIndex === current ? 'true' : undefined}
                    onClick={() => onIndexChange(thumbIndex)}
                    className={cn(
                      'relative block size-14 cursor-pointer overflow-hidden rounded-md border-2 bg-slate-800 sm:size-16',
                      'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white',
                      thumbIndex === current ? 'border-white' : 'border-transparent opacity-70 hover:opacity-100',
                    )}
                  >
                    {thumb.picture ? (
                      <StoredImage
                        picture={thumb.picture}
                        sizes="64px"
                        eager
                        alt=""
                        className="size-full object-cover"
                      />
                    ) : null}
                    {thumb.type === 'video' && (
                      <span className="absolute inset-0 flex items-center justify-center bg-slate-950/30" aria-hidden>
                        <Play className="size-5 fill-current" />
                      </span>
                    )}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
