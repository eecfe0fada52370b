import type { UploadedFile } from '@fenestra/shared';
import { postMultipart } from '../../../lib/upload-request';

/** POST /api/uploads/images with purpose 'logo' or 'favicon' (admins): stored like an avatar, then saved by id. */
export async function uploadSitePicture(file: File, purpose: 'logo' | 'favicon'): Promise<UploadedFile> {
  const form = new FormData();
  form.append('purpose', purpose);
  form.append('files', file, file.name);
  const { files } = await postMultipart<{ files: UploadedFile[] }>('/api/uploads/images', form);
  return files[0]!;
}
