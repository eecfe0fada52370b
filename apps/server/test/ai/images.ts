import sharp from 'sharp';
import { random } from '../../src/ops/seed/demo.js';

/**
 * Pictures the detection tests and `npm run eval:ai` draw themselves: labels (SVG text on a plate, in fonts
 * from Debian's fonts-dejavu-core and fonts-liberation, which .ci/run installs) and photo-like images with no text.
 */
export const FONTS = [
  'DejaVu Sans',
  'DejaVu Serif',
  'DejaVu Sans Mono',
  'Liberation Sans',
  'Liberation Serif',
  'Liberation Mono',
] as const;

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
  return sharp(pixels, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

/** A label plate with these lines, as a JPEG like a phone would send. */
export async function labelImage(o: LabelOptions, seed = 1): Promise<Buffer> {
  const width = o.width ?? 640;
  const size = Math.round(width / 20);
  const height = Math.round(size * 1.7 * o.lines.length + size * 2);
  const text = o.lines
    .map(
      (line, i) =>
        `<text x="${size}" y="${Math.round(size * 1.6 + i * size * 1.7)}" font-family="${o.font ?? 'DejaVu Sans'}" font-size="${size}"${o.bold ? ' font-weight="bold"' : ''} fill="${o.ink ?? '#1a1a1a'}">${escape(line)}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="${o.plate ?? '#e8e4d8'}"/>
    <rect x="6" y="6" width="${width - 12}" height="${height - 12}" fill="none" stroke="#555" stroke-width="3" rx="10"/>${text}</svg>`;
  let image = sharp(Buffer.from(svg));
  if (o.angle) image = sharp(await image.png().toBuffer()).rotate(o.angle, { background: '#7a7570' });
  let png = await image.png().toBuffer();
  if (o.blur) png = await sharp(png).blur(o.blur).png().toBuffer();
  if (o.noise) {
    const meta = await sharp(png).metadata();
    png = await sharp(png)
      .composite([{ input: await grain(meta.width!, meta.height!, o.noise, seeded(seed)) }])
      .png()
      .toBuffer();
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
    shapes.push(
      random() < 0.5
        ? `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${Math.floor(random() * 20)}" fill="hsl(${hue()},20%,${30 + Math.floor(random() * 50)}%)" opacity="0.85"/>`
        : `<circle cx="${x}" cy="${y}" r="${Math.floor(w / 3)}" fill="hsl(${hue()},15%,${30 + Math.floor(random() * 50)}%)" opacity="0.8"/>`,
    );
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue()},25%,70%)"/><stop offset="1" stop-color="hsl(${hue()},25%,35%)"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>${shapes.join('')}</svg>`;
  const png = await sharp(Buffer.from(svg))
    .blur(0.3 + random() * 2)
    .png()
    .toBuffer();
  return sharp(png)
    .composite([{ input: await grain(width, height, 0.3 + random() * 0.5, random) }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** A plain grey picture: nothing to read, nothing to see. */
export const blankImage = (width = 320, height = 240) =>
  sharp({ create: { width, height, channels: 3, background: '#b8b8b8' } })
    .jpeg()
    .toBuffer();

/** How a hard label is made: the surface, the way its text is put on it, and what spoils the photo. */
export interface HardLabelOptions {
  lines: string[];
  font?: (typeof FONTS)[number];
  /**
   * printed on a plate; stamped into metal (raised, lit from one side); embossed (pressed into a painted plate, its
   * letters the plate's own colour, only their edges lit); burnt or engraved into wood; printed faintly.
   */
  surface?: 'printed' | 'stamped' | 'embossed' | 'wood' | 'faint';
  /** Degrees, turned about the centre. */
  angle?: number;
  /** The lines bent along an arc (a label on a round part): how far the middle rises, in font sizes. */
  curve?: number;
  blur?: number;
  noise?: number;
  /** JPEG quality of the photo sent (phones and messengers send 40 now and then). */
  quality?: number;
  /** Something over the plate (a thumb, a strip of tape) hiding part of this line. */
  occludeLine?: number;
  bold?: boolean;
  width?: number;
  /** 0..1: a bright reflection (a lamp or the sky on a glossy plate) across part of the label. */
  glare?: number;
  /** Pixels the phone moved while taking it (a straight smear at its own angle). */
  shake?: number;
  /** Sheared sideways (the label photographed from one side): the tangent of the lean. */
  skew?: number;
  /** 0..1: how much darker than it should be (a label in a window frame's shadow). */
  dark?: number;
}

/** A straight motion smear `length` pixels long at `angle` degrees, as a convolution kernel. */
function shakeKernel(length: number, angle: number) {
  const size = 2 * Math.ceil(length / 2) + 1;
  const kernel = new Array<number>(size * size).fill(0);
  const c = (size - 1) / 2;
  for (let i = 0; i <= 4 * size; i++) {
    const t = (i / (4 * size) - 0.5) * length;
    const x = Math.round(c + t * Math.cos((angle * Math.PI) / 180));
    const y = Math.round(c + t * Math.sin((angle * Math.PI) / 180));
    kernel[y * size + x] = 1;
  }
  return { width: size, height: size, kernel, scale: kernel.reduce((a, b) => a + b, 0) };
}

function curvedText(line: string, x: number, y: number, size: number, curve: number, attrs: string): string {
  // Each character placed and turned along a parabola; the advance is the font's average width, near enough.
  const advance = size * 0.62;
  const span = advance * line.length;
  const rise = curve * size;
  return [...line]
    .map((c, i) => {
      const cx = x + i * advance;
      const t = (cx - x - span / 2) / (span / 2);
      const cy = y - rise * (1 - t * t);
      const slope = (Math.atan((4 * rise * t) / span) * 180) / Math.PI;
      return `<text x="${cx.toFixed(1)}" y="${cy.toFixed(1)}" transform="rotate(${slope.toFixed(1)} ${cx.toFixed(1)} ${cy.toFixed(1)})"${attrs}>${escape(c)}</text>`;
    })
    .join('');
}

/** A label as hard to read as the photos members send: stamped, engraved, faint, bent, turned, covered in part. */
export async function hardLabelImage(o: HardLabelOptions, seed = 1): Promise<Buffer> {
  const random = seeded(seed);
  const width = o.width ?? 640;
  const size = Math.round(width / 20);
  const top = o.curve ? size * (1 + o.curve) : 0;
  const height = Math.round(size * 1.7 * o.lines.length + size * 2 + top);
  const surface = o.surface ?? 'printed';
  const font = o.font ?? 'DejaVu Sans';
  const weight = o.bold || surface === 'stamped' || surface === 'embossed' ? ' font-weight="bold"' : '';
  const base = `font-family="${font}" font-size="${size}"${weight}`;
  const plate =
    surface === 'stamped'
      ? { fill: 'url(#metal)', ink: '#8f9296' }
      : surface === 'wood'
        ? { fill: '#a87a4a', ink: '#5b3a1e' }
        : surface === 'embossed'
          ? { fill: '#cfc9bb', ink: '#c4bead' }
          : surface === 'faint'
            ? { fill: '#d8d4c8', ink: '#a9a498' }
            : { fill: '#ece8dc', ink: '#1d1d1d' };
  const place = (line: string, x: number, y: number, attrs: string) =>
    o.curve ? curvedText(line, x, y, size, o.curve, attrs) : `<text x="${x}" y="${y}"${attrs}>${escape(line)}</text>`;
  const text = o.lines
    .map((line, i) => {
      const x = size;
      const y = Math.round(top + size * 1.6 + i * size * 1.7);
      if (surface === 'stamped')
        // Raised letters: a light edge above left, a shadow below right, the face the metal's own colour.
        return (
          place(line, x - 1.5, y - 1.5, ` ${base} fill="#f4f4f4" fill-opacity="0.85"`) +
          place(line, x + 1.5, y + 1.5, ` ${base} fill="#2a2a2a" fill-opacity="0.8"`) +
          place(line, x, y, ` ${base} fill="${plate.ink}"`)
        );
      if (surface === 'embossed')
        // Pressed in: the shadow inside the upper left edge, the light on the lower right one.
        return (
          place(line, x - 1.2, y - 1.2, ` ${base} fill="#6d685e" fill-opacity="0.7"`) +
          place(line, x + 1.2, y + 1.2, ` ${base} fill="#f7f3ea" fill-opacity="0.9"`) +
          place(line, x, y, ` ${base} fill="${plate.ink}"`)
        );
      if (surface === 'wood') return place(line, x, y, ` ${base} fill="${plate.ink}" fill-opacity="0.85"`);
      return place(line, x, y, ` ${base} fill="${plate.ink}"`);
    })
    .join('');
  const woodGrain =
    surface === 'wood'
      ? Array.from({ length: 40 }, () => {
          const y = Math.floor(random() * height);
          return `<path d="M0 ${y} C ${width / 3} ${y + random() * 20 - 10}, ${(2 * width) / 3} ${y + random() * 20 - 10}, ${width} ${y + random() * 16 - 8}" stroke="#6e4a26" stroke-opacity="${(0.15 + random() * 0.35).toFixed(2)}" stroke-width="${(1 + random() * 3).toFixed(1)}" fill="none"/>`;
        }).join('')
      : '';
  let cover = '';
  if (o.occludeLine !== undefined) {
    // A thumb over the end of another line, or a strip of tape across a corner.
    const y = Math.round(top + size * 1.6 + o.occludeLine * size * 1.7);
    cover =
      random() < 0.5
        ? `<ellipse cx="${size * 9}" cy="${y - size * 0.3}" rx="${size * 3.2}" ry="${size * 0.9}" fill="#c58f72"/>`
        : `<rect x="${size * 5}" y="${y - size * 1.1}" width="${size * 12}" height="${size * 1.2}" fill="#e9e2b0" fill-opacity="0.93" transform="rotate(-6 ${size * 11} ${y})"/>`;
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="metal" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#b9bcc0"/><stop offset="0.5" stop-color="#8d9094"/><stop offset="1" stop-color="#a4a7ab"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="${plate.fill}"/>${woodGrain}
    <rect x="6" y="6" width="${width - 12}" height="${height - 12}" fill="none" stroke="#555" stroke-opacity="0.6" stroke-width="3" rx="10"/>${text}${cover}</svg>`;
  let png = await sharp(Buffer.from(svg)).png().toBuffer();
  if (o.angle) png = await sharp(png).rotate(o.angle, { background: '#6f6a64' }).png().toBuffer();
  if (o.skew) png = await sharp(png).affine([1, o.skew, 0, 1], { background: '#6f6a64' }).png().toBuffer();
  if (o.glare) {
    const meta = await sharp(png).metadata();
    const [w, h] = [meta.width!, meta.height!];
    const glare = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
      <defs><radialGradient id="g"><stop offset="0" stop-color="#fff" stop-opacity="${o.glare.toFixed(2)}"/>
      <stop offset="0.6" stop-color="#fff" stop-opacity="${(o.glare * 0.5).toFixed(2)}"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>
      <ellipse cx="${Math.round(w * (0.2 + 0.6 * random()))}" cy="${Math.round(h * (0.3 + 0.4 * random()))}" rx="${Math.round(w * 0.22)}" ry="${Math.round(h * 0.35)}" fill="url(#g)" transform="rotate(${Math.round(random() * 60 - 30)} ${w / 2} ${h / 2})"/></svg>`;
    png = await sharp(png)
      .composite([{ input: Buffer.from(glare) }])
      .png()
      .toBuffer();
  }
  if (o.dark)
    png = await sharp(png)
      .linear(1 - o.dark, 0)
      .png()
      .toBuffer();
  if (o.shake)
    png = await sharp(png)
      .convolve(shakeKernel(o.shake, random() * 180))
      .png()
      .toBuffer();
  if (o.blur) png = await sharp(png).blur(o.blur).png().toBuffer();
  if (o.noise) {
    const meta = await sharp(png).metadata();
    png = await sharp(png)
      .composite([{ input: await grain(meta.width!, meta.height!, o.noise, seeded(seed + 7)) }])
      .png()
      .toBuffer();
  }
  return sharp(png)
    .jpeg({ quality: o.quality ?? 85 })
    .toBuffer();
}
