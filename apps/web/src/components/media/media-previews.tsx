import { Film, Play } from 'lucide-react';
import { formatDuration, type UploadedFile } from '@fenestra/shared';
import type { UploadedVideo } from '../../lib/media/use-media-uploads';
import { PreviewTile } from './preview-tile';

interface MediaPreviewsProps {
  images: UploadedFile[];
  video: UploadedVideo | null;
  removing: ReadonlySet<string>;
  onRemoveImage: (id: string) => void;
  onRemoveVideo: () => void;
}

/** The uploaded photos and video, in the order the post will show them. */
export function MediaPreviews({ images, video, removing, onRemoveImage, onRemoveVideo }: MediaPreviewsProps) {
  if (images.length === 0 && !video) return null;
  return (
    <ul aria-label="Uploaded media" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {video && (
        <PreviewTile removeLabel="Remove video" onRemove={onRemoveVideo} removing={removing.has(video.file.id)}>
          {video.thumbnailUrl ? (
            <img src={video.thumbnailUrl} alt="Video thumbnail" className="size-full object-cover" />
          ) : (
            <div className="flex size-full flex-col items-center justify-center gap-1 text-muted">
              <Film className="size-8" aria-hidden />
              <span className="text-xs">Video</span>
            </div>
          )}
          <span className="pointer-events-none absolute inset-0 flex items-center justify-center" aria-hidden>
            <span className="rounded-full bg-slate-950/60 p-2.5 text-white">
              <Play className="size-5 fill-current" />
            </span>
          </span>
          {video.durationSeconds !== null && (
            <span className="absolute right-1.5 bottom-1.5 rounded bg-slate-950/75 px-1.5 py-0.5 text-xs font-medium text-white tabular-nums">
              <span className="sr-only">Duration </span>
              {formatDuration(video.durationSeconds)}
            </span>
          )}
        </PreviewTile>
      )}
      {images.map((image, index) => (
        <PreviewTile
          key={image.id}
          removeLabel={`Remove image ${index + 1}`}
          onRemove={() => onRemoveImage(image.id)}
          removing={removing.has(image.id)}
        >
          <img src={image.publicUrl} alt={`Image ${index + 1}`} className="size-full object-cover" />
        </PreviewTile>
      ))}
    </ul>
  );
}
