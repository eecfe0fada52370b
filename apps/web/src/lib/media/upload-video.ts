import { useMutation } from '@tanstack/react-query';
import type { UploadedFile } from '@fenestra/shared';
import { postMultipart, type UploadOptions } from '../upload-request';

export interface UploadVideoInput extends UploadOptions {
  video: File;
  /** The JPEG poster frame captured at 1 s, when the browser could draw one. */
  thumbnail: Blob | null;
}

/** POST /api/uploads/video: the video and its optional poster; the server reads the duration itself. */
export function uploadVideo({ video, thumbnail, ...options }: UploadVideoInput): Promise<{ file: UploadedFile }> {
  const form = new FormData();
  form.append('video', video, video.name);
  if (thumbnail) form.append('thumbnail', thumbnail, 'thumbnail.jpg');
  return postMultipart('/api/uploads/video', form, options);
}

/** Nothing to invalidate: an upload belongs to no post until the question is submitted. */
export function useUploadVideo() {
  return useMutation({ mutationFn: uploadVideo });
}
