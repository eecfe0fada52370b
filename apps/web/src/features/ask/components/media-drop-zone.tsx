import { useId, useState, type DragEvent } from 'react';
import { ImagePlus } from 'lucide-react';
import { cn } from '../../../lib/cn';

export const MEDIA_ACCEPT = 'image/jpeg,image/png,image/webp,video/mp4,video/webm,video/quicktime';

/** The media picker: a file input shown as a drop zone; clicking, the keyboard or a drop all add files. */
export function MediaDropZone({ onFiles }: { onFiles: (files: File[]) => void }) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
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
        accept={MEDIA_ACCEPT}
        className="peer sr-only"
        aria-label="Add photos or a video"
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
          'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-4 py-8 text-center transition-colors',
          'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring',
          dragging ? 'border-primary bg-accent' : 'border-border-strong bg-surface-muted/50 hover:border-primary hover:bg-accent',
        )}
      >
        <ImagePlus className="size-8 text-primary" aria-hidden />
        <span className="font-medium text-fg">Add photos or a video</span>
        <span className="text-sm text-muted">Click to choose, or drag files here</span>
        <span id={hintId} className="text-xs text-muted">
          Up to 3 photos (JPEG, PNG or WEBP, 5MB each) and 1 video (MP4, WEBM or MOV, 50MB, under 5 minutes)
        </span>
      </label>
    </div>
  );
}
