import sharp from 'sharp';
import { variantWidthsFor } from '@fenestra/shared';
import { workGate } from '../../lib/work-gate.js';

/**
 * Refuse decompression bombs: a photo of a window hinge needs nowhere near this many pixels. The browser
 * sends at most 1920 px; a 24-megapixel camera original still passes.
 */
export const MAX_IMAGE_PIXELS = 25_000_000;

// Re-encoding is the heaviest thing a visitor can ask for: one at a time per process, libvips on one
// thread, so the other core is free for readers; a short queue, then 503 with Retry-After.
sharp.concurrency(1);
// Nothing is re-read, so libvips keeps no decoded images around between requests.
sharp.cache(false);
const reencodes = workGate({ concurrency: 1, queue: 24 });
export const MAX_IMAGE_SIDE = 12_000;

export class ImageRejected extends Error {
  constructor(readonly reason: 'unreadable' | 'too-many-pixels') {
    super(reason);
  }
}

/** A smaller WebP copy of a stored photo, for cards and phones. */
export interface ImageVariant {
  width: number;
  data: Buffer;
}

export interface EncodedImage {
  data: Buffer;
  mime: 'image/png' | 'image/jpeg';
  ext: 'png' | 'jpg';
  width: number;
  height: number;
  /** Its copies at each width asked for below its own (none when none were asked for). */
  variants: ImageVariant[];
}

export const VARIANT_MIME = 'image/webp';

/**
 * WebP copies of an already encoded picture (upright, no metadata) at each of these widths below its own. Each copy
 * is decoded afresh, so libjpeg shrinks on load and a 160-px copy never decodes all 1920 px.
 */
export async function makeVariants(encoded: Buffer, width: number, widths: readonly number[]): Promise<ImageVariant[]> {
  const variants: ImageVariant[] = [];
  for (const w of variantWidthsFor(width, widths)) {
    const data = await sharp(encoded, { limitInputPixels: MAX_IMAGE_PIXELS })
      .resize({ width: w, withoutEnlargement: true })
      // Effort 2 of 6: measured on a 1920-px photo, 40% less time than the default 4 for 5% more bytes.
      .webp({ quality: 75, effort: 2 })
      .toBuffer();
    variants.push({ width: w, data });
  }
  return variants;
}

/** A stored picture's size (from its header) and its copies: for pictures not made by reencodeImage (the seed's, older ones). */
export async function pictureCopies(
  encoded: Buffer,
  widths: readonly number[],
): Promise<{ width: number; height: number; variants: ImageVariant[] }> {
  const { width, height } = await headerSize(encoded);
  return { width, height, variants: await makeVariants(encoded, width, widths) };
}

/** Width and height from the header alone, before any pixel is decoded. */
async function headerSize(input: Buffer): Promise<{ width: number; height: number }> {
  // No pixel limit here: this reads the header only, and the limit is checked just after with a clear answer.
  const meta = await sharp(input, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!meta) throw new ImageRejected('unreadable');
  if (!meta.width || !meta.height) throw new ImageRejected('unreadable');
  return { width: meta.width, height: meta.height };
}

/**
 * Re-encodes an uploaded photo: checks its pixel count from the header, turns it upright from its EXIF
 * orientation, fits it within maxSide without enlarging, and drops all metadata (EXIF, GPS, ICC, XMP),
 * which sharp does unless asked to keep it. PNG stays PNG; everything else becomes JPEG quality 85.
 */
export async function reencodeImage(input: Buffer, opts: EncodeOptions): Promise<EncodedImage> {
  const { width, height } = await headerSize(input);
  if (width * height > MAX_IMAGE_PIXELS || width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) {
    throw new ImageRejected('too-many-pixels');
  }
  return reencodes.run(() => encode(input, opts));
}

interface EncodeOptions {
  maxSide: number;
  keepPng: boolean;
  /** The widths of its smaller WebP copies, made in the same turn of the gate (VARIANT_WIDTHS of its bucket; none: []). */
  variants: readonly number[];
}

async function encode(input: Buffer, opts: EncodeOptions): Promise<EncodedImage> {
  const pipeline = sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
    .rotate()
    .resize(opts.maxSide, opts.maxSide, { fit: 'inside', withoutEnlargement: true });
  const png = opts.keepPng;
  let encoded: Omit<EncodedImage, 'variants'>;
  try {
    const { data, info } = await (
      png
        ? pipeline.png({ compressionLevel: 9 })
        : pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 85, mozjpeg: true })
    ).toBuffer({ resolveWithObject: true });
    encoded = png
      ? { data, mime: 'image/png', ext: 'png', width: info.width, height: info.height }
      : { data, mime: 'image/jpeg', ext: 'jpg', width: info.width, height: info.height };
  } catch {
    throw new ImageRejected('unreadable');
  }
  // Our own output: a failure here is ours, not the member's file.
  return { ...encoded, variants: await makeVariants(encoded.data, encoded.width, opts.variants) };
}
