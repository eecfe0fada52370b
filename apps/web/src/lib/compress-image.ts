import imageCompression from 'browser-image-compression';
import { LIMITS } from '@fenestra/shared';
import { mediaTypeOf } from './media-checks';

/**
 * Compresses a photo before upload (SPEC 9): longest side 1920 px, quality 0.85, PNG stays PNG and
 * everything else becomes JPEG. Throws when the browser cannot decode it (the caller uploads the original).
 */
export async function compressImage(file: File): Promise<File> {
  const fileType = mediaTypeOf(file) === 'image/png' ? 'image/png' : 'image/jpeg';
  const compressed = await imageCompression(file, {
    maxWidthOrHeight: LIMITS.compression.maxPixels,
    initialQuality: LIMITS.compression.quality,
    fileType,
    // The library's worker imports its script from a CDN, which our CSP (script-src 'self') refuses and
    // which would tell a third party who is uploading: compress on the page instead.
    useWebWorker: false,
  });
  // The library hands back a Blob with a name; keep the original name so messages and the server see it.
  return new File([compressed], file.name, { type: fileType, lastModified: file.lastModified });
}
