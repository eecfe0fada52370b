import type { UploadedFile } from '@fenestra/shared';
import { postMultipart, type UploadOptions } from '../../../lib/upload-request';

/** POST /api/uploads/images with purpose=avatar: one picture, kept until PUT /api/settings/avatar attaches it. */
export function uploadAvatar(file: File, options: UploadOptions = {}): Promise<{ files: UploadedFile[] }> {
  const form = new FormData();
  form.append('purpose', 'avatar');
  form.append('files', file, file.name);
  return postMultipart('/api/uploads/images', form, options);
}
