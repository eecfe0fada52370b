/**
 * Widths (px) of the WebP copies written beside each stored photo, smaller than the photo only. The card's
 * thumbnails need 160-320, the post page's tiles 320-640, the viewer on a phone 1280. Only ever appended to:
 * removing a photo removes a copy at every width listed here, so older photos lose theirs too.
 */
export const IMAGE_VARIANT_WIDTHS = [160, 320, 640, 1280] as const;

/**
 * Widths (px) of an uploaded avatar's WebP copies: it is drawn 24-40 px wide beside a name (64-96 on a profile),
 * so 48 covers those at 1x, 96 at 2x, 192 the profile's at 2x. Only ever appended to, as above.
 */
export const AVATAR_VARIANT_WIDTHS = [48, 96, 192] as const;

/** The widths of the copies a picture this wide gets, of those listed (a photo's by default). */
export const variantWidthsFor = (width: number, widths: readonly number[] = IMAGE_VARIANT_WIDTHS): number[] =>
  widths.filter((w) => w < width);

/**
 * Where a photo's copy of this width lives: beside it, as `{name}.w{width}.webp` for `{name}.{ext}`. The same rule
 * names the stored file (server) and its address (browser), whatever host MEDIA_URL puts in front.
 */
export function imageVariantUrl(url: string, width: number): string {
  const dot = url.lastIndexOf('.');
  const slash = url.lastIndexOf('/');
  const name = dot > slash ? url.slice(0, dot) : url;
  return `${name}.w${width}.webp`;
}

/** A stored photo as answers give it: its address, its size (null for photos stored before sizes were kept), its copies. */
export interface StoredPicture {
  url: string;
  width: number | null;
  height: number | null;
  /** Widths of the WebP copies beside it; empty when it has none (then the photo itself is sent). */
  variantWidths: number[];
}

/**
 * An avatar's or a link preview's picture's size and copies, beside its address in an answer. Absent when it has
 * no copies (a picture stored before they were made, a preset emoji): then the picture itself is sent.
 */
export interface PictureCopies {
  width: number;
  height: number;
  variantWidths: number[];
}

/** What an answer carries of a picture's stored size and copies: undefined unless it has copies. */
export function pictureCopies(
  width: number | null,
  height: number | null,
  variantWidths: number[] | null,
): PictureCopies | undefined {
  return width && height && variantWidths?.length ? { width, height, variantWidths } : undefined;
}

/** The `srcset` of a stored photo: its copies and the photo itself at its own width; undefined when it has no copies. */
export function pictureSrcSet(picture: StoredPicture): string | undefined {
  if (!picture.width || picture.variantWidths.length === 0) return undefined;
  const copies = picture.variantWidths
    .filter((w) => w < picture.width!)
    .map((w) => `${imageVariantUrl(picture.url, w)} ${w}w`);
  return [...copies, `${picture.url} ${picture.width}w`].join(', ');
}
