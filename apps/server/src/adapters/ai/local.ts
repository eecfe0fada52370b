import sharp from 'sharp';
import { partNumberFeature } from '@fenestra/shared';
import { CATALOGUE, type CataloguePart } from './catalogue.js';
import {
  brandIn,
  checkedAgainst,
  findPartNumbers,
  finishIn,
  materialIn,
  partsNamedIn,
  type FoundPartNumber,
  type TermMatch,
  type TextLine,
} from './label-text.js';
import { paddleOcr, rgb, sameReading, type PaddleOcr, type Raw, type ReadChar, type ReadLine } from './paddle-ocr.js';
import {
  AiError,
  NOTHING_DETECTED,
  cosine,
  type AiProvider,
  type DetectionInput,
  type DetectionResult,
} from './provider.js';
import { LOCAL_EMBEDDING_MODEL, sentenceEncoderThread, type SentenceEncoder } from './embedding-thread.js';

export const LOCAL_DETECTION_MODEL = 'ppocr-v4-onnx+catalogue-2';

/** It reads labels, not shapes, so it never claims more than this. */
export const LOCAL_CONFIDENCE_CAP = 0.6;
/** A label line must be at least this close (cosine) to a catalogue name for the model alone to name the part. */
export const EMBEDDING_THRESHOLD = 0.72;
/** The local provider's own time limit for one photo (AI_LOCAL_TIMEOUT_SECONDS): queueing behind another photo counts. */
export const LOCAL_TIME_LIMIT_SECONDS = 120;
/** Read lines less sure than this (mean of their characters) are noise: grain, wood, shadows. */
const LINE_CONFIDENCE = 0.6;
/** A part number whose every character was read at least this surely needs no second read. */
const SURE_READ = 0.95;
const MAX_TEXT = 1000;
/**
 * How sure a read character is: its lead over the next likeliest character that reads differently (a 6 that nearly
 * read 0 is unsure), and over all the rest together, the blank included (a 1 at 0.63 where the recogniser half
 * thought there was no character at all is unsure: TH125925 for TH25925).
 */
export function sureness(c: ReadChar): number {
  const same = c.p + c.others.filter((o) => sameReading(o.char, c.char)).reduce((sum, o) => sum + o.p, 0);
  return Math.min(c.margin, 2 * same - 1);
}

/** A read line with where it was read: the photo (as read: plain or with its contrast evened out) and its box. */
interface SeenLine extends TextLine {
  box: ReadLine['box'];
  image: Raw;
}

/** What a material the label does not state is shown with (the catalogue's usual one). */
export const TYPICAL_MATERIAL = (material: string) => `${material} (typical for this part)`;

// Confidence by evidence: the label names the part; the model finds it close to a label line.
const LABEL_NAMES_IT = 0.55;

interface CatalogueVectors {
  parts: CataloguePart[];
  vectors: number[][];
}

export interface LocalOptions {
  encoder?: SentenceEncoder;
  ocr?: PaddleOcr;
  timeLimitSeconds?: number;
}

/**
 * The default provider: no network, no key. PaddleOCR's detector and recogniser (ONNX) read the label at
 * any angle, a second time with its contrast evened out when the first read finds neither a part nor a part
 * number (stamped and faint text); the label is matched with the catalogue by its words and by the sentence
 * model (on its own thread). The post's words only choose between parts the label suggests. One detection at
 * a time, each within its time limit; the models load once, on first use.
 */
export function localProvider(options: LocalOptions = {}): AiProvider {
  const encoder = options.encoder ?? sentenceEncoderThread();
  const ocr = options.ocr ?? paddleOcr();
  const timeLimitSeconds = options.timeLimitSeconds ?? LOCAL_TIME_LIMIT_SECONDS;
  let catalogue: Promise<CatalogueVectors> | null = null;
  let turn: Promise<unknown> = Promise.resolve();

  const catalogueVectors = () =>
    (catalogue ??= (async () => {
      const parts = CATALOGUE.flatMap((part) => [part.name, ...part.synonyms].map(() => part));
      const vectors = await encoder.embed(CATALOGUE.flatMap((part) => [part.name, ...part.synonyms]));
      return { parts, vectors };
    })().catch((err: unknown) => {
      catalogue = null;
      throw err;
    }));

  const asLines = (read: ReadLine[], image: Raw): SeenLine[] =>
    read
      .filter((l) => l.confidence >= LINE_CONFIDENCE)
      .map((l) => ({ text: l.text, p: l.chars.map(sureness), box: l.box, image }));

  async function readLabel(image: Buffer): Promise<SeenLine[]> {
    const raw = await rgb(image).catch((err: unknown) => {
      throw new AiError('bad_response', `The photo could not be read: ${err instanceof Error ? err.message : err}`);
    });
    const first = asLines(await ocr.read(raw), raw);
    const text = first.map((l) => l.text).join('\n');
    // Read once more unless the first read found the part and a part number it is sure of (a second read that
    // disagrees on a character marks it unsure).
    if (findPartNumbers(first).some((n) => n.confidence >= SURE_READ) && partsNamedIn(text, { worn: true }).length > 0)
      return first;
    // Stamped, embossed or faint: grey, its local contrast evened out (CLAHE) and stretched, read again; the
    // lines of both reads are kept, the surer first.
    const { data, info } = await sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: 3 } })
      .greyscale()
      .clahe({ width: 48, height: 48, maxSlope: 4 })
      .normalise()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const three = info.channels === 3 ? data : Buffer.alloc(info.width * info.height * 3);
    if (info.channels !== 3)
      for (let i = 0; i < info.width * info.height; i++) three.fill(data[i * info.channels]!, i * 3, i * 3 + 3);
    const grey = { data: three, width: info.width, height: info.height };
    const second = asLines(await ocr.read(grey), grey);
    return [...first, ...second];
  }

  /**
   * A sure number is read again from its lines cut a little differently (ocr.reread): both reads of the photo may
   * agree on a digit the recogniser mistook with confidence (a 7 read as 1 on embossed metal, a last group bent
   * out of the box), but a cut that reads it otherwise shows the number was not read surely.
   */
  async function checkNumbers(found: FoundPartNumber[], lines: SeenLine[]): Promise<FoundPartNumber[]> {
    const sure = new Set(found.filter((n) => !n.unsure).map((n) => n.key));
    if (sure.size === 0) return found;
    const sources = lines.filter((l) => findPartNumbers([l]).some((n) => sure.has(n.key))).slice(0, 4);
    const cuts: FoundPartNumber[][] = [];
    for (const line of sources) {
      for (const cut of asLines(await ocr.reread(line.image, line.box), line.image)) cuts.push(findPartNumbers([cut]));
    }
    return checkedAgainst(found, cuts);
  }

  /** The catalogue part closest to any label line, when close enough. */
  async function nearestPart(lines: string[]): Promise<{ part: CataloguePart; score: number } | null> {
    const candidates = lines.filter((l) => /[A-Za-z]{4}/.test(l)).slice(0, 8);
    if (candidates.length === 0) return null;
    const [{ parts, vectors }, lineVectors] = await Promise.all([catalogueVectors(), encoder.embed(candidates)]);
    let best: { part: CataloguePart; score: number } | null = null;
    for (const v of lineVectors) {
      for (let i = 0; i < vectors.length; i++) {
        const score = cosine(v, vectors[i]!);
        if (!best || score > best.score) best = { part: parts[i]!, score };
      }
    }
    return best && best.score >= EMBEDDING_THRESHOLD ? best : null;
  }

  /** The part the label names; the post's words choose only among the parts the label suggests. */
  function choose(named: TermMatch[], post: string): { part: CataloguePart; confidence: number } | null {
    const best = named[0];
    if (!best) return null;
    const posted = partsNamedIn(post);
    // The post names one of the label's parts, or a part of the same family the label named by a single word
    // ('HINGE' on the label, 'casement window hinge' in the post).
    const agreed =
      posted.find((p) => named.some((n) => n.part === p.part && n.words >= best.words)) ??
      (best.words === 1
        ? // Only a name that refines the label's word: 'MOHAIR' is a pile weatherstrip, whatever 'weatherstrip' the post says.
          posted.find(
            (p) => p.part.category === best.part.category && p.name.toLowerCase().split(/\s+/).includes(best.name),
          )
        : undefined);
    const part = agreed?.part ?? best.part;
    const words = named.find((n) => n.part === part)?.words ?? best.words;
    return { part, confidence: LABEL_NAMES_IT + 0.02 * Math.min(words - 1, 2) + (agreed ? 0.01 : 0) };
  }

  async function detectOne(input: DetectionInput): Promise<DetectionResult> {
    const lines = await readLabel(input.image);
    const label = lines.map((l) => l.text).join('\n');
    const partNumbers = await checkNumbers(findPartNumbers(lines), lines);
    const brand = brandIn(label);

    let found = choose(partsNamedIn(label, { worn: true }), `${input.title}\n${input.description}`);
    if (!found) {
      const near = await nearestPart(lines.map((l) => l.text));
      if (near)
        found = { part: near.part, confidence: Math.min(LABEL_NAMES_IT, 0.3 + (near.score - EMBEDDING_THRESHOLD) * 2) };
    }

    const keyFeatures = [
      ...(brand ? [`brand: ${brand}`] : []),
      ...partNumbers.map((n) => partNumberFeature(n.display)),
    ].slice(0, 8);
    const visibleText = label ? label.slice(0, MAX_TEXT) : null;
    // A photo whose own text names no part names none, whatever its post says.
    if (!found) return { ...NOTHING_DETECTED, keyFeatures, visibleText };
    const material = materialIn(label);
    const typical = found.part.materials[0];
    return {
      object: found.part.name,
      category: found.part.category,
      material: material ?? (typical ? TYPICAL_MATERIAL(typical) : null),
      finish: finishIn(label),
      confidence: Math.min(LOCAL_CONFIDENCE_CAP, Math.round(found.confidence * 100) / 100),
      keyFeatures,
      visibleText,
    };
  }

  return {
    name: 'local',
    detectionModel: LOCAL_DETECTION_MODEL,
    embeddingModel: LOCAL_EMBEDDING_MODEL,
    timeLimitSeconds,
    detect(input) {
      // One at a time on this machine: the OCR takes both cores. The time limit counts from the ask; a run past
      // it is answered with a timeout, and the next photo starts only once that run has really ended.
      // A photo whose time ran out while it waited is not read at all.
      let expired = false;
      const run = turn.then(() => (expired ? NOTHING_DETECTED : detectOne(input)));
      turn = run.catch(() => undefined);
      let timer: NodeJS.Timeout | undefined;
      const limit = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          expired = true;
          reject(new AiError('timeout', `The local detection took longer than ${timeLimitSeconds} s`));
        }, timeLimitSeconds * 1000);
        timer.unref();
      });
      return Promise.race([run, limit]).finally(() => clearTimeout(timer));
    },
    embed: (texts) => encoder.embed(texts),
    async close() {
      await Promise.all([ocr.close(), encoder.close()]);
    },
  };
}
