import { useId, useState, type DragEvent } from 'react';
import { Camera, ImagePlus } from 'lucide-react';
import { MSG } from '@fenestra/shared';
import { cn } from '../../lib/cn';

const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp';
const MEDIA_ACCEPT = `${PHOTO_ACCEPT},video/mp4,video/webm,video/quicktime`;

const KINDS = {
  media: {
    accept: MEDIA_ACCEPT,
    label: 'Add photos or a video',
    hint: 'Up to 3 photos (JPEG, PNG or WEBP, 5MB each) and 1 video (MP4, WEBM or MOV, 50MB, under 5 minutes)',
  },
  photos: { accept: PHOTO_ACCEPT, label: 'Add photos', hint: 'Up to 3 photos (JPEG, PNG or WEBP, 5MB each)' },
} as const;

interface MediaDropZoneProps {
  onFiles: (files: File[]) => void;
  /** A question takes photos and a video; a reply photos only. */
  kind?: keyof typeof KINDS;
  /** A smaller zone, for the reply form. */
  compact?: boolean;
}

/**
 * The media picker: a file input shown as a drop zone; clicking, the keyboard or a drop all add files. On a touch screen
 * a second input opens the camera (`capture`): one photo a time, through the same compression and progress bars.
 */
export function MediaDropZone({ onFiles, kind = 'media', compact = false }: MediaDropZoneProps) {
  const { accept, label, hint } = KINDS[kind];
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const cameraId = `${inputId}-camera`;
  const [dragging, setDragging] = useState(false);

  function onDragOver(event: DragEvent) {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    const files = Array.from(event.dataTransfer.files);
    if (files.length > 0) onFiles(files);
  }

  return (
    <div onDragOver={onDragOver} onDragLeave={() => setDragging(false)} onDrop={onDrop}>
      <input
        id={inputId}
        type="file"
        multiple
        accept={accept}
        className="peer sr-only"
        aria-label={label}
        aria-describedby={hintId}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // Cleared so choosing the same file again (after removing it) fires a change.
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
      <label
        htmlFor={inputId}
        className={cn(
          'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-4 text-center transition-colors',
          compact ? 'py-4' : 'py-8',
          'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring',
          dragging
            ? 'border-primary bg-accent'
            : 'border-border-strong bg-surface-muted/50 hover:border-primary hover:bg-accent',
        )}
      >
        <ImagePlus className={cn('text-primary', compact ? 'size-6' : 'size-8')} aria-hidden />
        <span className="font-medium text-fg">{label}</span>
        <span className="text-sm text-muted">Click to choose, or drag files here</span>
        <span id={hintId} className="text-xs text-muted">
          {hint}
        </span>
      </label>
      {/* Phones and tablets only (a coarse pointer): a desktop browser ignores `capture` and would open the same picker. */}
      <div className="mt-2 hidden pointer-coarse:block">
        <input
          id={cameraId}
          type="file"
          accept="image/*"
          capture="environment"
          className="peer sr-only"
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            event.target.value = '';
            if (files.length > 0) onFiles(files);
          }}
        />
        <label
          htmlFor={cameraId}
          className="inline-flex h-10 cursor-pointer items-center gap-2 rounded-md border border-border-strong bg-surface px-4 text-sm font-medium text-fg shadow-sm hover:bg-surface-muted peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring"
        >
          <Camera className="size-4 text-primary" aria-hidden />
          {MSG.takePhoto}
        </label>
      </div>
    </div>
  );
}
