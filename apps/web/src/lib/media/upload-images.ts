import { useMutation } from '@tanstack/react-query';
import type { ImageUploadPurpose, UploadedFile } from '@fenestra/shared';
import { postMultipart, type UploadOptions } from '../upload-request';

/** What the images are for: a question's photos or a reply's (the server applies each one's limits). */
export type ImagePurpose = Extract<ImageUploadPurpose, 'post' | 'reply'>;

export interface UploadImagesInput extends UploadOptions {
  files: File[];
  purpose: ImagePurpose;
}

/** POST /api/uploads/images: one batch (at most 3), each file in a repeated `files` field. All or none are kept. */
export function uploadImages({ files, purpose, ...options }: UploadImagesInput): Promise<{ files: UploadedFile[] }> {
  const form = new FormData();
  form.append('purpose', purpose);
  for (const file of files) form.append('files', file, file.name);
  return postMultipart('/api/uploads/images', form, options);
}

/** Nothing to invalidate: an upload belongs to no post until the question or reply is submitted. */
export function useUploadImages() {
  return useMutation({ mutationFn: uploadImages });
}
