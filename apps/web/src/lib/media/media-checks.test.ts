import { describe, expect, it } from 'vitest';
import {
  batchProgress,
  checkImages,
  checkVideoDuration,
  checkVideos,
  mediaTypeOf,
  savedPercent,
  splitMedia,
  unreadableVideoError,
} from './media-checks';

const MB = 1024 * 1024;

/** A file that claims `size` bytes without allocating them. */
function fakeFile(name: string, type: string, size = 1000): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}
const jpeg = (name: string, size?: number) => fakeFile(name, 'image/jpeg', size);
const mp4 = (name: string, size?: number) => fakeFile(name, 'video/mp4', size);

describe('image checks', () => {
  it('accepts up to 3 JPEG, PNG or WEBP images', () => {
    const files = [jpeg('a.jpg'), fakeFile('b.png', 'image/png'), fakeFile('c.webp', 'image/webp')];
    expect(checkImages(files, 0)).toEqual({ accepted: files, errors: [] });
  });

  it('refuses a fourth image, whether picked together or after others', () => {
    expect(checkImages([jpeg('1.jpg'), jpeg('2.jpg'), jpeg('3.jpg'), jpeg('4.jpg')], 0)).toEqual({
      accepted: [],
      errors: ['Maximum 3 images allowed'],
    });
    expect(checkImages([jpeg('3.jpg'), jpeg('4.jpg')], 2).errors).toEqual(['Maximum 3 images allowed']);
  });

  it('names an image over 5MB, as chosen before compression', () => {
    const big = jpeg('big.jpg', 6 * MB);
    const ok = jpeg('ok.jpg', 5 * MB);
    expect(checkImages([big, ok], 0)).toEqual({ accepted: [ok], errors: ['big.jpg exceeds 5MB limit'] });
  });

  it('names a file that is not a JPEG, PNG or WEBP image', () => {
    const gif = fakeFile('anim.gif', 'image/gif');
    expect(checkImages([gif], 0)).toEqual({ accepted: [], errors: ['anim.gif is not a valid image type'] });
    expect(checkImages([fakeFile('notes.pdf', 'application/pdf')], 0).errors).toEqual([
      'notes.pdf is not a valid image type',
    ]);
  });

  it('reads the type from the extension when the browser gives none', () => {
    expect(mediaTypeOf(fakeFile('IMG_1.JPG', ''))).toBe('image/jpeg');
    expect(mediaTypeOf(fakeFile('clip.mov', ''))).toBe('video/quicktime');
    expect(checkImages([fakeFile('photo.png', '')], 0).errors).toEqual([]);
  });
});

describe('video checks', () => {
  it('refuses a second video', () => {
    expect(checkVideos([mp4('a.mp4'), mp4('b.mp4')], 0)).toEqual({ accepted: [], errors: ['Maximum 1 video allowed'] });
    expect(checkVideos([mp4('b.mp4')], 1).errors).toEqual(['Maximum 1 video allowed']);
  });

  it('accepts MP4, WEBM and QuickTime up to 50MB', () => {
    for (const type of ['video/mp4', 'video/webm', 'video/quicktime']) {
      expect(checkVideos([fakeFile('clip', type, 50 * MB)], 0).errors).toEqual([]);
    }
  });

  it('refuses other video types and videos over 50MB', () => {
    expect(checkVideos([fakeFile('clip.avi', 'video/x-msvideo')], 0).errors).toEqual([
      'Only MP4, WEBM, QUICKTIME videos are allowed',
    ]);
    expect(checkVideos([mp4('long.mp4', 50 * MB + 1)], 0).errors).toEqual(['Video must be less than 50MB']);
  });

  it('takes videos under 300 seconds', () => {
    expect(checkVideoDuration(299.9)).toBeNull();
    expect(checkVideoDuration(300)).toBe('Video must be less than 5 minutes');
  });

  it('lets an unreadable QuickTime through for the server to read, and refuses other unreadable videos', () => {
    expect(unreadableVideoError(fakeFile('clip.mov', 'video/quicktime'))).toBeNull();
    expect(unreadableVideoError(mp4('broken.mp4'))).toBe('Invalid video file');
  });

  it('splits a mixed selection into images and videos', () => {
    const photo = jpeg('a.jpg');
    const clip = mp4('b.mp4');
    const gif = fakeFile('c.gif', 'image/gif');
    expect(splitMedia([photo, clip, gif])).toEqual({ images: [photo, gif], videos: [clip] });
  });
});

describe('compression and progress', () => {
  it('reports whole percent saved, and nothing when the file did not shrink', () => {
    expect(savedPercent(1000, 400)).toBe(60);
    expect(savedPercent(3000, 1999)).toBe(33);
    expect(savedPercent(1000, 1000)).toBeNull();
    expect(savedPercent(1000, 1200)).toBeNull();
  });

  it('spreads a batch upload progress over its files in order', () => {
    expect(batchProgress([100, 100], 0, 220)).toEqual([0, 0]);
    expect(batchProgress([100, 100], 110, 220)).toEqual([100, 0]);
    expect(batchProgress([100, 300], 165, 440)).toEqual([100, 17]);
    expect(batchProgress([100, 100], 220, 220)).toEqual([100, 100]);
  });
});
