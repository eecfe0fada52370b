import { useMutation } from '@tanstack/react-query';
import type { UploadedFile } from '@fenestra/shared';
import { postMultipart, type UploadOptions } from '../../../lib/upload-request';

export interface UploadImagesInput extends UploadOptions {
  files: File[];
}

/** POST /api/uploads/images: one batch (at most 3), each file in a repeated `files` field. All or none are kept. */
export function uploadImages({ files, ...options }: UploadImagesInput): Promise<{ files: UploadedFile[] }> {
  const form = new FormData();
  form.append('purpose', 'post');
  for (const file of files) form.append('files', file, file.name);
  return postMultipart('/api/uploads/images', form, options);
}

/** Nothing to invalidate: an upload belongs to no post until the question is submitted. */
export function useUploadImages() {
  return useMutation({ mutationFn: uploadImages });
}
