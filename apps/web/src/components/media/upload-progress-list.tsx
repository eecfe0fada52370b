import { Loader2 } from 'lucide-react';
import type { PendingUpload } from '../../lib/media/use-media-uploads';

/** One row per file being prepared or sent, each with its own progress bar. */
export function UploadProgressList({ uploads }: { uploads: PendingUpload[] }) {
  if (uploads.length === 0) return null;
  return (
    <ul aria-label="Uploads in progress" className="space-y-3">
      {uploads.map((upload) => {
        const labelId = `${upload.key}-label`;
        const preparing = upload.stage === 'preparing';
        return (
          <li key={upload.key} className="rounded-md border border-border bg-surface p-3">
            <div className="mb-2 flex items-center justify-between gap-3 text-sm">
              <span id={labelId} className="truncate font-medium text-fg">
                {upload.name}
              </span>
              <span className="flex shrink-0 items-center gap-1.5 text-muted">
                {preparing && <Loader2 className="size-3.5 animate-spin motion-reduce:animate-none" aria-hidden />}
                {preparing ? 'Preparing...' : `${upload.progress}%`}
              </span>
            </div>
            <div
              role="progressbar"
              aria-labelledby={labelId}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={preparing ? undefined : upload.progress}
              className="h-2 overflow-hidden rounded-full bg-surface-muted"
            >
              <div
                className="h-full rounded-full bg-primary transition-[width]"
                style={{ width: `${preparing ? 0 : upload.progress}%` }}
              />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
