import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../toast';
import { MSG, type UploadedFile } from '@fenestra/shared';
import { ApiError, errorMessage } from '../api-client';
import { useDeleteUpload } from './delete-upload';
import { useUploadImages, type ImagePurpose } from './upload-images';
import { useUploadVideo } from './upload-video';
import { compressImage } from '../compress-image';
import {
  batchProgress,
  checkImages,
  checkVideoDuration,
  checkVideos,
  savedPercent,
  splitMedia,
  unreadableVideoError,
} from './media-checks';
import { isAbortError } from '../upload-request';
import { captureVideoThumbnail, readVideoDuration } from './video-probe';
import { queryKeys } from '../query-keys';

export interface UploadedVideo {
  file: UploadedFile;
  /** Null when the browser could not draw a poster frame (some QuickTime files): a plain video tile. */
  thumbnailUrl: string | null;
  durationSeconds: number | null;
}

/** A file being prepared (compressed, probed) or sent, with its progress 0-100. */
export interface PendingUpload {
  key: string;
  name: string;
  stage: 'preparing' | 'uploading';
  progress: number;
}

let nextKey = 0;
const newKey = () => `upload-${++nextKey}`;

/** The file a failed batch is named by: the one the server's message names, else the first. */
function failedFileName(error: unknown, files: File[]): string {
  const message = errorMessage(error);
  return (files.find((file) => message.includes(file.name)) ?? files[0])?.name ?? '';
}

async function prepareImage(file: File): Promise<File> {
  try {
    const compressed = await compressImage(file);
    const saved = savedPercent(file.size, compressed.size);
    if (saved === null) return file;
    toast.success(MSG.compressed(file.name, saved));
    return compressed;
  } catch {
    toast.warning(MSG.couldNotCompress(file.name));
    return file;
  }
}

/**
 * A form's media (the ask form's photos and video, a reply's photos): checks each picked file,
 * compresses images, probes the video, uploads with progress, and removes uploads on request. The ids
 * go with the question or reply when it is submitted. Replies take photos only.
 */
export function useMediaUploads({
  purpose = 'post',
  stored = { images: 0, videos: 0 },
}: {
  purpose?: ImagePurpose;
  /** Photos and video already stored with what is being edited: they count against the limits too. */
  stored?: { images: number; videos: number };
} = {}) {
  const client = useQueryClient();
  const uploadImagesMutation = useUploadImages();
  const uploadVideoMutation = useUploadVideo();
  const deleteUploadMutation = useDeleteUpload();
  const [images, setImages] = useState<UploadedFile[]>([]);
  const [video, setVideo] = useState<UploadedVideo | null>(null);
  const [pending, setPending] = useState<PendingUpload[]>([]);
  const [removing, setRemoving] = useState<ReadonlySet<string>>(new Set());
  // Uploaded plus in-flight files, read synchronously so two quick picks cannot both pass the limits.
  const slots = useRef({ images: 0, videos: 0 });
  const controllers = useRef(new Set<AbortController>());

  useEffect(() => {
    const inFlight = controllers.current;
    return () => inFlight.forEach((controller) => controller.abort());
  }, []);

  const updatePending = (keys: string[], change: (row: PendingUpload, index: number) => PendingUpload) =>
    setPending((rows) => rows.map((row) => (keys.includes(row.key) ? change(row, keys.indexOf(row.key)) : row)));
  const dropPending = (keys: string[]) => setPending((rows) => rows.filter((row) => !keys.includes(row.key)));

  /** A 401 mid-upload may mean the session ended: let the app find out (and show the visitor view). */
  const noticeSession = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) void client.invalidateQueries({ queryKey: queryKeys.me });
  };

  async function addImages(files: File[]) {
    slots.current.images += files.length;
    const keys = files.map(newKey);
    setPending((rows) => [
      ...rows,
      ...files.map((file, i) => ({ key: keys[i]!, name: file.name, stage: 'preparing' as const, progress: 0 })),
    ]);
    const controller = new AbortController();
    controllers.current.add(controller);
    try {
      const prepared = await Promise.all(files.map(prepareImage));
      updatePending(keys, (row) => ({ ...row, stage: 'uploading' }));
      const sizes = prepared.map((file) => file.size);
      const { files: uploaded } = await uploadImagesMutation.mutateAsync({
        files: prepared,
        purpose,
        signal: controller.signal,
        onProgress: (loaded, total) => {
          const progress = batchProgress(sizes, loaded, total);
          updatePending(keys, (row, index) => ({ ...row, progress: progress[index] ?? 0 }));
        },
      });
      slots.current.images -= files.length - uploaded.length;
      setImages((current) => [...current, ...uploaded]);
      toast.success(MSG.imagesUploaded(uploaded.length));
    } catch (error) {
      slots.current.images -= files.length;
      if (isAbortError(error)) return;
      noticeSession(error);
      // The server has already removed whatever of this batch it stored.
      toast.error(MSG.failedUpload(failedFileName(error, files)), { description: errorMessage(error) });
    } finally {
      controllers.current.delete(controller);
      dropPending(keys);
    }
  }

  async function addVideo(file: File) {
    slots.current.videos += 1;
    const key = newKey();
    setPending((rows) => [...rows, { key, name: file.name, stage: 'preparing', progress: 0 }]);
    const controller = new AbortController();
    controllers.current.add(controller);
    let uploaded = false;
    try {
      const duration = await readVideoDuration(file);
      if (duration === null) {
        // Chromium cannot decode every QuickTime file: the server reads its duration from the container.
        const unreadable = unreadableVideoError(file);
        if (unreadable) return void toast.error(unreadable);
      } else {
        const tooLong = checkVideoDuration(duration);
        if (tooLong) return void toast.error(tooLong);
        toast.success(MSG.videoValidated);
      }
      const thumbnail = duration === null ? null : await captureVideoThumbnail(file);
      if (thumbnail) toast.success(MSG.thumbnailGenerated);
      updatePending([key], (row) => ({ ...row, stage: 'uploading' }));
      const result = await uploadVideoMutation.mutateAsync({
        video: file,
        thumbnail,
        signal: controller.signal,
        onProgress: (loaded, total) =>
          updatePending([key], (row) => ({ ...row, progress: Math.round((loaded / total) * 100) })),
      });
      uploaded = true;
      setVideo({
        file: result.file,
        thumbnailUrl: result.file.thumbnailUrl ?? null,
        durationSeconds: result.file.duration ?? duration,
      });
      toast.success(MSG.videoUploaded);
    } catch (error) {
      if (isAbortError(error)) return;
      noticeSession(error);
      const message = errorMessage(error);
      if (message === MSG.failedThumbnail) toast.error(MSG.failedThumbnail);
      else toast.error(MSG.failedVideo, { description: message });
    } finally {
      if (!uploaded) slots.current.videos -= 1;
      controllers.current.delete(controller);
      dropPending([key]);
    }
  }

  /** Files from the picker or a drop: every refusal is toasted, the rest go on. */
  function addFiles(files: readonly File[]) {
    // A reply takes no video: whatever is picked is checked as a photo (and a video refused as one).
    const picked = purpose === 'reply' ? { images: [...files], videos: [] } : splitMedia(files);
    const imageCheck = checkImages(picked.images, slots.current.images + stored.images);
    const videoCheck = checkVideos(picked.videos, slots.current.videos + stored.videos);
    for (const message of [...imageCheck.errors, ...videoCheck.errors]) toast.error(message);
    if (imageCheck.accepted.length > 0) void addImages(imageCheck.accepted);
    for (const file of videoCheck.accepted) void addVideo(file);
  }

  async function remove(id: string): Promise<boolean> {
    setRemoving((ids) => new Set(ids).add(id));
    try {
      await deleteUploadMutation.mutateAsync(id);
      return true;
    } catch (error) {
      // Already gone on the server: it is removed all the same.
      if (error instanceof ApiError && error.status === 404) return true;
      noticeSession(error);
      throw error;
    } finally {
      setRemoving((ids) => {
        const next = new Set(ids);
        next.delete(id);
        return next;
      });
    }
  }

  async function removeImage(id: string) {
    try {
      await remove(id);
    } catch (error) {
      toast.error(MSG.failedRemoveImage, { description: errorMessage(error) });
      return;
    }
    slots.current.images -= 1;
    setImages((current) => current.filter((image) => image.id !== id));
    toast.success(MSG.imageRemoved);
  }

  async function removeVideo() {
    if (!video) return;
    try {
      await remove(video.file.id);
    } catch (error) {
      toast.error(MSG.failedRemoveVideo, { description: errorMessage(error) });
      return;
    }
    slots.current.videos -= 1;
    setVideo(null);
    toast.success(MSG.videoRemoved);
  }

  /** After the form is sent: the uploads now belong to it. */
  function clear() {
    slots.current = { images: 0, videos: 0 };
    setImages([]);
    setVideo(null);
  }

  return { images, video, pending, removing, busy: pending.length > 0, addFiles, removeImage, removeVideo, clear };
}
