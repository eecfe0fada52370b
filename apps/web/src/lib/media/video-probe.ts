import { LIMITS } from '@fenestra/shared';

// What the browser can read of a video before upload. jsdom cannot decode media: tests replace this module.

const THUMBNAIL_AT_SECONDS = 1;
// A file the browser neither loads nor refuses must not hold the form up for ever.
const PROBE_TIMEOUT_MS = 15_000;

/** Resolves on `event`, rejects on the element's error or after the timeout. */
function once(video: HTMLVideoElement, event: keyof HTMLMediaElementEventMap): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event}`)), PROBE_TIMEOUT_MS);
    video.addEventListener(event, () => (clearTimeout(timer), resolve()), { once: true });
    video.addEventListener('error', () => (clearTimeout(timer), reject(new Error('unreadable video'))), { once: true });
  });
}

/** Loads `file`'s metadata into a detached <video>, runs `read`, then lets the file go. */
async function withVideo<T>(file: File, read: (video: HTMLVideoElement) => Promise<T>): Promise<T> {
  const url = URL.createObjectURL(file);
  const video = document.createElement('video');
  video.preload = 'metadata';
  video.muted = true;
  video.playsInline = true;
  try {
    const loaded = once(video, 'loadedmetadata');
    video.src = url;
    await loaded;
    return await read(video);
  } finally {
    video.removeAttribute('src');
    video.load();
    URL.revokeObjectURL(url);
  }
}

/** Some recorders write WebM without a duration (the browser says Infinity) until it has seeked to the end. */
async function finiteDuration(video: HTMLVideoElement): Promise<number | null> {
  if (Number.isFinite(video.duration)) return video.duration;
  const changed = once(video, 'durationchange');
  video.currentTime = Number.MAX_SAFE_INTEGER;
  await changed;
  return Number.isFinite(video.duration) ? video.duration : null;
}

/** The video's duration in seconds, or null when the browser cannot read it. */
export async function readVideoDuration(file: File): Promise<number | null> {
  try {
    return await withVideo(file, finiteDuration);
  } catch {
    return null;
  }
}

/** A JPEG poster frame at 1 s (or halfway through a shorter clip), or null when no frame can be drawn. */
export async function captureVideoThumbnail(file: File): Promise<Blob | null> {
  try {
    return await withVideo(file, async (video) => {
      const duration = await finiteDuration(video).catch(() => null);
      const seeked = once(video, 'seeked');
      video.currentTime = duration === null ? THUMBNAIL_AT_SECONDS : Math.min(THUMBNAIL_AT_SECONDS, duration / 2);
      await seeked;
      if (!video.videoWidth || !video.videoHeight) return null;
      const canvas = document.createElement('canvas');
      canvas.width = video.videoWidth;
      canvas.height = video.videoHeight;
      const context = canvas.getContext('2d');
      if (!context) return null;
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      return await new Promise<Blob | null>((resolve) =>
        canvas.toBlob(resolve, 'image/jpeg', LIMITS.compression.quality),
      );
    });
  } catch {
    return null;
  }
}
