import { LIMITS } from '@fenestra/shared';

export interface CompressImageOptions {
  /** Longest side in pixels: 1920 for post photos (the default), 512 for avatars (SPEC 9). */
  maxPixels?: number;
}

// Some systems leave `type` empty: the extension tells a PNG apart; the server sniffs bytes anyway.
const isPng = (file: File) => file.type === 'image/png' || (!file.type && file.name.toLowerCase().endsWith('.png'));

/**
 * Compresses a photo before upload (SPEC 9): quality 0.85, PNG stays PNG and everything else becomes
 * JPEG. Throws when the browser cannot decode it (the caller uploads the original).
 */
export async function compressImage(
  file: File,
  { maxPixels = LIMITS.compression.maxPixels }: CompressImageOptions = {},
): Promise<File> {
  const fileType = isPng(file) ? 'image/png' : 'image/jpeg';
  // The library (20 KB gzip) loads with the first photo, not with the post page and the ask form that may take one.
  const { default: imageCompression } = await import('browser-image-compression');
  const compressed = await imageCompression(file, {
    maxWidthOrHeight: maxPixels,
    initialQuality: LIMITS.compression.quality,
    fileType,
    // The library's worker imports its script from a CDN, which our CSP (script-src 'self') refuses and
    // which would tell a third party who is uploading: compress on the page instead.
    useWebWorker: false,
  });
  // The library hands back a Blob with a name; keep the original name so messages and the server see it.
  return new File([compressed], file.name, { type: fileType, lastModified: file.lastModified });
}
