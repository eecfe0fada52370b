import type { useMediaUploads } from '../../lib/media/use-media-uploads';
import { MediaDropZone } from './media-drop-zone';
import { MediaPreviews } from './media-previews';
import { UploadProgressList } from './upload-progress-list';

/** A reply's new photos (its form and its edit): the compact drop zone, the uploads in progress, the previews. */
export function ReplyPhotoUploads({ media }: { media: ReturnType<typeof useMediaUploads> }) {
  return (
    <>
      <MediaDropZone kind="photos" compact onFiles={media.addFiles} />
      <UploadProgressList uploads={media.pending} />
      <MediaPreviews
        images={media.images}
        video={null}
        removing={media.removing}
        onRemoveImage={(imageId) => void media.removeImage(imageId)}
        onRemoveVideo={() => undefined}
      />
    </>
  );
}
