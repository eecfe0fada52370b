import sharp from 'sharp';
import { random } from '../../src/db/seed/demo.js';

/**
 * Pictures the detection tests and `npm run eval:ai` draw themselves: labels (SVG text on a plate, in fonts
 * from Debian's fonts-dejavu-core and fonts-liberation, which .ci/run installs) and photo-like images with no text.
 */
export const FONTS = ['DejaVu Sans', 'DejaVu Serif', 'DejaVu Sans Mono', 'Liberation Sans', 'Liberation Serif', 'Liberation Mono'] as const;

export interface LabelOptions {
  lines: string[];
  font?: (typeof FONTS)[number];
  /** Degrees, turned about the centre. */
  angle?: number;
  /** Gaussian blur sigma (0.3-20). */
  blur?: number;
  /** 0..1: how much grain is laid over the picture. */
  noise?: number;
  plate?: string;
  ink?: string;
  width?: number;
  bold?: boolean;
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A seeded random generator (the demo seed's), so every run draws the same pictures. */
export const seeded = random;

async function grain(width: number, height: number, amount: number, random: () => number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    const v = Math.floor(random() * 255);
    pixels[i * 4] = v;
    pixels[i * 4 + 1] = v;
    pixels[i * 4 + 2] = v;
    pixels[i * 4 + 3] = Math.floor(amount * 120 * random());
  }
  return sharp(pixels, { raw: { width, height, channels: 4 } }).png().toBuffer();
}

/** A label plate with these lines, as a JPEG like a phone would send. */
export async function labelImage(o: LabelOptions, seed = 1): Promise<Buffer> {
  const width = o.width ?? 640;
  const size = Math.round(width / 20);
  const height = Math.round(size * 1.7 * o.lines.length + size * 2);
  const text = o.lines.map((line, i) =>
    `<text x="${size}" y="${Math.round(size * 1.6 + i * size * 1.7)}" font-family="${o.font ?? 'DejaVu Sans'}" font-size="${size}"${o.bold ? ' font-weight="bold"' : ''} fill="${o.ink ?? '#1a1a1a'}">${escape(line)}</text>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="${o.plate ?? '#e8e4d8'}"/>
    <rect x="6" y="6" width="${width - 12}" height="${height - 12}" fill="none" stroke="#555" stroke-width="3" rx="10"/>${text}</svg>`;
  let image = sharp(Buffer.from(svg));
  if (o.angle) image = sharp(await image.png().toBuffer()).rotate(o.angle, { background: '#7a7570' });
  let png = await image.png().toBuffer();
  if (o.blur) png = await sharp(png).blur(o.blur).png().toBuffer();
  if (o.noise) {
    const meta = await sharp(png).metadata();
    png = await sharp(png).composite([{ input: await grain(meta.width!, meta.height!, o.noise, seeded(seed)) }]).png().toBuffer();
  }
  return sharp(png).jpeg({ quality: 85 }).toBuffer();
}

/** A photo-like picture with no writing: a gradient, shapes like a hinge or a track, shadows and grain. */
export async function photoWithoutText(seed: number, width = 480, height = 360): Promise<Buffer> {
  const random = seeded(seed);
  const hue = () => Math.floor(random() * 360);
  const shapes: string[] = [];
  for (let i = 0; i < 6; i++) {
    const x = Math.floor(random() * width);
    const y = Math.floor(random() * height);
    const w = 30 + Math.floor(random() * 200);
    const h = 10 + Math.floor(random() * 120);
    shapes.push(random() < 0.5
      ? `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${Math.floor(random() * 20)}" fill="hsl(${hue()},20%,${30 + Math.floor(random() * 50)}%)" opacity="0.85"/>`
      : `<circle cx="${x}" cy="${y}" r="${Math.floor(w / 3)}" fill="hsl(${hue()},15%,${30 + Math.floor(random() * 50)}%)" opacity="0.8"/>`);
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue()},25%,70%)"/><stop offset="1" stop-color="hsl(${hue()},25%,35%)"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>${shapes.join('')}</svg>`;
  const png = await sharp(Buffer.from(svg)).blur(0.3 + random() * 2).png().toBuffer();
  return sharp(png).composite([{ input: await grain(width, height, 0.3 + random() * 0.5, random) }]).jpeg({ quality: 85 }).toBuffer();
}

/** A plain grey picture: nothing to read, nothing to see. */
export const blankImage = (width = 320, height = 240) =>
  sharp({ create: { width, height, channels: 3, background: '#b8b8b8' } }).jpeg().toBuffer();
