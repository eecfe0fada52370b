import { IMAGE_TYPES, LIMITS, MSG, VIDEO_TYPES } from '@fenestra/shared';

// The browser's checks of picked media (SPEC 5 'Media', DESIGN.md 'Media messages'): file lists in, messages out.

export interface MediaCheck {
  /** Files that may go on to compression or probing. */
  accepted: File[];
  /** Messages to toast, in order. */
  errors: string[];
}

// Some systems leave `type` empty (often for .mov): fall back to the extension; the server sniffs bytes anyway.
const TYPE_BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  qt: 'video/quicktime',
};

/** The file's MIME type, from the browser or its extension. */
export function mediaTypeOf(file: File): string {
  if (file.type) return file.type;
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return TYPE_BY_EXTENSION[extension] ?? '';
}

export const isVideoFile = (file: File) => mediaTypeOf(file).startsWith('video/');

/** Splits a picked selection: videos one way, everything else is treated as an image (and checked as one). */
export function splitMedia(files: readonly File[]): { images: File[]; videos: File[] } {
  return { images: files.filter((f) => !isVideoFile(f)), videos: files.filter(isVideoFile) };
}

/**
 * Images picked while `current` images are already uploaded or uploading. Too many in all refuses the
 * whole selection; otherwise each file is checked for type, then size (as chosen, before compression).
 */
export function checkImages(files: readonly File[], current: number): MediaCheck {
  if (files.length === 0) return { accepted: [], errors: [] };
  if (current + files.length > LIMITS.images.perPost) return { accepted: [], errors: [MSG.maxImages] };
  const accepted: File[] = [];
  const errors: string[] = [];
  for (const file of files) {
    if (!(IMAGE_TYPES as readonly string[]).includes(mediaTypeOf(file))) errors.push(MSG.invalidImageType(file.name));
    else if (file.size > LIMITS.images.maxBytes) errors.push(MSG.imageTooLarge(file.name));
    else accepted.push(file);
  }
  return { accepted, errors };
}

/** Videos picked while `current` videos are already uploaded or uploading: at most one, of a known type and size. */
export function checkVideos(files: readonly File[], current: number): MediaCheck {
  if (files.length === 0) return { accepted: [], errors: [] };
  if (current + files.length > LIMITS.video.perPost) return { accepted: [], errors: [MSG.maxVideos] };
  const accepted: File[] = [];
  const errors: string[] = [];
  for (const file of files) {
    if (!(VIDEO_TYPES as readonly string[]).includes(mediaTypeOf(file))) errors.push(MSG.onlyVideoTypes);
    else if (file.size > LIMITS.video.maxBytes) errors.push(MSG.videoTooLarge);
    else accepted.push(file);
  }
  return { accepted, errors };
}

/** A readable video's duration in seconds: under 300 passes (null), 300 and over does not. */
export function checkVideoDuration(seconds: number): string | null {
  return seconds >= LIMITS.video.maxSeconds ? MSG.videoTooLong : null;
}

/** What a video the browser cannot read leads to: QuickTime goes up without a poster; anything else is refused. */
export function unreadableVideoError(file: File): string | null {
  return mediaTypeOf(file) === 'video/quicktime' ? null : MSG.invalidVideoFile;
}

/** Whole percent saved by compression, or null when it did not get smaller. */
export function savedPercent(originalBytes: number, compressedBytes: number): number | null {
  if (originalBytes <= 0 || compressedBytes >= originalBytes) return null;
  return Math.round(((originalBytes - compressedBytes) / originalBytes) * 100);
}

/**
 * Per-file progress (0-100) of a batch sent as one multipart body: the files go in order, so the bytes
 * sent so far cover the first files fully and the next one partly. `total` includes multipart overhead.
 */
export function batchProgress(sizes: readonly number[], loaded: number, total: number): number[] {
  const sum = sizes.reduce((a, b) => a + b, 0);
  if (sum === 0 || total <= 0) return sizes.map(() => 0);
  const sent = (loaded / total) * sum;
  let offset = 0;
  return sizes.map((size) => {
    const share = size === 0 ? 1 : (sent - offset) / size;
    offset += size;
    return Math.round(Math.min(1, Math.max(0, share)) * 100);
  });
}
