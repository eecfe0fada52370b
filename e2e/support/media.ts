import sharp from 'sharp';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const FIXTURES = fileURLToPath(new URL('../../apps/server/test/fixtures/', import.meta.url));
export const clip2s = path.join(FIXTURES, 'clip-2s.mp4');
export const clip301s = path.join(FIXTURES, 'clip-301s.mp4');

const dir = mkdtempSync(path.join(tmpdir(), 'fenestra-e2e-media-'));
// The photos go with the worker that made them (each run left a folder per worker behind).
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));

const photo = (color: string) => sharp({ create: { width: 640, height: 480, channels: 3, background: color } });

/** Three photos a phone might send: a PNG, a JPEG that carries GPS in its EXIF, a WebP. */
export async function phonePhotos(): Promise<{ png: string; jpegWithGps: string; webp: string }> {
  const png = path.join(dir, 'roller.png');
  const jpegWithGps = path.join(dir, 'crank-gps.jpg');
  const webp = path.join(dir, 'hinge.webp');
  writeFileSync(png, await photo('#8899aa').png().toBuffer());
  writeFileSync(
    jpegWithGps,
    await photo('#aa8866')
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneMaker', Model: 'Phone 12' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
      })
      .toBuffer(),
  );
  writeFileSync(webp, await photo('#66aa88').webp().toBuffer());
  return { png, jpegWithGps, webp };
}

export function textFileNamedJpg(): string {
  const file = path.join(dir, 'notes.jpg');
  writeFileSync(file, 'this is not a picture');
  return file;
}

export async function bigJpeg(): Promise<string> {
  // Noise does not compress: over 5 MB as chosen.
  const file = path.join(dir, 'huge.jpg');
  const noise = Buffer.alloc(2600 * 2600 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  writeFileSync(
    file,
    await sharp(noise, { raw: { width: 2600, height: 2600, channels: 3 } })
      .jpeg({ quality: 100 })
      .toBuffer(),
  );
  return file;
}
