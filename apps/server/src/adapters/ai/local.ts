import sharp from 'sharp';
import { PSM, createWorker, type Line as OcrLine, type Worker as OcrWorker } from 'tesseract.js';
import { createRequire } from 'node:module';
import path from 'node:path';
import { CATALOGUE, type CataloguePart } from './catalogue.js';
import { brandIn, extractPartNumbers, finishIn, isLabelledLine, materialIn, partNamedIn } from './label-text.js';
import { AiError, NOTHING_DETECTED, cosine, type AiProvider, type DetectionInput, type DetectionResult } from './provider.js';
import { LOCAL_EMBEDDING_MODEL, sentenceEncoderThread, type SentenceEncoder } from './embedding-thread.js';

// The English data ships in the npm package @tesseract.js-data/eng (gzipped): nothing is downloaded.
const ENGLISH_DATA = path.join(path.dirname(createRequire(import.meta.url).resolve('@tesseract.js-data/eng/package.json')), '4.0.0');

export const LOCAL_DETECTION_MODEL = 'tesseract-7.0.0+catalogue-1';

/** It reads labels, not shapes, so it never claims more than this. */
export const LOCAL_CONFIDENCE_CAP = 0.6;
/** A label line must be at least this close (cosine) to a catalogue name for the model alone to name the part. */
export const EMBEDDING_THRESHOLD = 0.72;
/** OCR lines below this confidence (0-100) are noise: wood grain and shadows read as letters. */
const LINE_CONFIDENCE = 55;
const CODE_LINE_CONFIDENCE = 35;
const WORD_CONFIDENCE = 45;
const MAX_TEXT = 1000;
const CODE_CHARACTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-/#: ';

// Confidence by evidence: the label names the part; the model finds it close to a label line; only the post's words name it.
const LABEL_NAMES_IT = 0.55;
const POST_NAMES_IT = 0.35;

interface CatalogueVectors { parts: CataloguePart[]; vectors: number[][] }

/**
 * The default provider: no network, no key. Tesseract reads the label (in its own thread), the label
 * and the post's words are matched with the catalogue by its words and by the sentence model (on its own
 * thread). One detection at a time; both models load once, on first use.
 */
export function localProvider(options: { encoder?: SentenceEncoder } = {}): AiProvider {
  const encoder = options.encoder ?? sentenceEncoderThread();
  let ocr: Promise<OcrWorker> | null = null;
  let codeOcr: Promise<OcrWorker> | null = null;
  let catalogue: Promise<CatalogueVectors> | null = null;
  let turn: Promise<unknown> = Promise.resolve();

  const startOcr = () => createWorker('eng', 1, { langPath: ENGLISH_DATA, gzip: true, cacheMethod: 'none' });
  const ocrWorker = () => (ocr ??= startOcr().catch((err: unknown) => {
    ocr = null;
    throw new AiError('unavailable', `OCR could not start: ${err instanceof Error ? err.message : String(err)}`);
  }));
  // A second worker that only ever reads one code line: its parameters (one line, code characters) never
  // leak into the page reads, which is what broke when both shared a worker.
  const lineWorker = () => (codeOcr ??= startOcr().then(async (w) => {
    await w.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_LINE, tessedit_char_whitelist: CODE_CHARACTERS });
    return w;
  }).catch((err: unknown) => {
    codeOcr = null;
    throw new AiError('unavailable', `OCR could not start: ${err instanceof Error ? err.message : String(err)}`);
  }));
  const catalogueVectors = () => (catalogue ??= (async () => {
    const parts = CATALOGUE.flatMap((part) => [part.name, ...part.synonyms].map(() => part));
    const vectors = await encoder.embed(CATALOGUE.flatMap((part) => [part.name, ...part.synonyms]));
    return { parts, vectors };
  })().catch((err: unknown) => {
    catalogue = null;
    throw err;
  }));

  async function readLabel(image: Buffer): Promise<string[]> {
    // Grey, evened out and sharpened, the photo's orientation applied; never enlarged (enlarging gained a few
    // part numbers in the eval but made tesseract spend ~10 s on each photo's grain).
    const grey = sharp(image).rotate().greyscale().normalise().resize({ width: 1600, height: 1600, fit: 'inside', withoutEnlargement: true });
    const lines = await readPage(await grey.clone().sharpen().png().toBuffer());
    if (lines.length === 0 || extractPartNumbers(lines.join('\n')).length > 0) return lines;
    // Words but no part number: grain may have hidden its line from the layout. Once more with the grain
    // smoothed (median), keeping only the lines that hold a part number.
    const smoothed = await readPage(await grey.clone().median(3).sharpen().png().toBuffer());
    return [...lines, ...smoothed.filter((line) => extractPartNumbers(line).length > 0)];
  }

  async function readPage(prepared: Buffer): Promise<string[]> {
    const worker = await ocrWorker();
    const { data } = await worker.recognize(prepared, {}, { text: true, blocks: true });
    const lines: string[] = [];
    for (const block of data.blocks ?? []) {
      for (const paragraph of block.paragraphs) {
        for (const line of paragraph.lines) {
          // Codes read less surely than words: a line with digits in it gets more benefit of the doubt.
          if (line.confidence < (/\d.*\d.*\d/.test(line.text) ? CODE_LINE_CONFIDENCE : LINE_CONFIDENCE)) continue;
          let text = line.words.filter((w) => w.confidence >= WORD_CONFIDENCE).map((w) => w.text).join(' ').trim();
          // A line that may hold a part number ('PART No. …', 'P/N …', three digits) is read again on its own,
          // levelled and larger, as a code.
          // The surer of the two reads wins.
          if (isLabelledLine(line.text)) {
            const again = await rereadCodeLine(prepared, line);
            if (again && (extractPartNumbers(text).length === 0 || again.confidence > line.confidence)) text = again.text;
          }
          if ((text.match(/[A-Za-z0-9]/g) ?? []).length >= 3) lines.push(text);
        }
      }
    }
    return lines;
  }

  /** The line cut out, turned level by its baseline, doubled, freed of grain and read as one line of code characters. */
  async function rereadCodeLine(page: Buffer, line: OcrLine): Promise<{ text: string; confidence: number } | null> {
    const { width = 0, height = 0 } = await sharp(page).metadata();
    const pad = Math.round((line.bbox.y1 - line.bbox.y0) * 0.25);
    const left = Math.max(0, line.bbox.x0 - pad);
    const top = Math.max(0, line.bbox.y0 - pad);
    const region = { left, top, width: Math.min(width, line.bbox.x1 + pad) - left, height: Math.min(height, line.bbox.y1 + pad) - top };
    if (region.width < 8 || region.height < 8) return null;
    const { x0, y0, x1, y1 } = line.baseline;
    const level = x1 > x0 ? (Math.atan2(y1 - y0, x1 - x0) * 180) / Math.PI : 0;
    // Two pipelines: in one, sharp would turn the whole page before cutting.
    const cut = await sharp(page).extract(region).png().toBuffer();
    const crop = await sharp(cut).rotate(-level, { background: '#ffffff' })
      .resize({ width: region.width * 2, kernel: 'lanczos3' }).median(3).png().toBuffer();
    const { data } = await (await lineWorker()).recognize(crop);
    const text = data.text.replace(/\s+/g, ' ').trim();
    return data.confidence >= CODE_LINE_CONFIDENCE && extractPartNumbers(text).length > 0 ? { text, confidence: data.confidence } : null;
  }

  /** The catalogue part closest to any label line, when close enough. */
  async function nearestPart(lines: string[]): Promise<{ part: CataloguePart; score: number } | null> {
    const candidates = lines.filter((l) => /[A-Za-z]{3}/.test(l)).slice(0, 8);
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

  async function detectOne(input: DetectionInput): Promise<DetectionResult> {
    const lines = await readLabel(input.image);
    const label = lines.join('\n');
    const post = `${input.title}\n${input.description}`;
    const partNumbers = extractPartNumbers(label);
    const brand = brandIn(label);

    let found: { part: CataloguePart; confidence: number } | null = null;
    const named = partNamedIn(label);
    if (named) {
      // Longer names are surer; the post naming the same part adds a little.
      const agrees = partNamedIn(post)?.part === named.part;
      found = { part: named.part, confidence: LABEL_NAMES_IT + 0.02 * Math.min(named.words - 1, 2) + (agrees ? 0.01 : 0) };
    } else {
      const near = await nearestPart(lines);
      if (near) found = { part: near.part, confidence: Math.min(LABEL_NAMES_IT, 0.3 + (near.score - EMBEDDING_THRESHOLD) * 2) };
      else {
        const fromPost = partNamedIn(post);
        if (fromPost) found = { part: fromPost.part, confidence: POST_NAMES_IT };
      }
    }

    const keyFeatures = [
      ...(brand ? [`brand: ${brand}`] : []),
      ...partNumbers.map((n) => `part no. ${n}`),
    ].slice(0, 8);
    if (!found) return { ...NOTHING_DETECTED, keyFeatures, visibleText: label ? label.slice(0, MAX_TEXT) : null };
    return {
      object: found.part.name,
      category: found.part.category,
      material: materialIn(label) ?? found.part.materials[0] ?? null,
      finish: finishIn(label),
      confidence: Math.min(LOCAL_CONFIDENCE_CAP, Math.round(found.confidence * 100) / 100),
      keyFeatures,
      visibleText: label ? label.slice(0, MAX_TEXT) : null,
    };
  }

  return {
    name: 'local',
    detectionModel: LOCAL_DETECTION_MODEL,
    embeddingModel: LOCAL_EMBEDDING_MODEL,
    detect(input) {
      // One at a time on this machine: OCR and the sentence model each take a core.
      const result = turn.then(() => detectOne(input));
      turn = result.catch(() => undefined);
      return result;
    },
    embed: (texts) => encoder.embed(texts),
    async close() {
      const workers = [ocr, codeOcr];
      ocr = null;
      codeOcr = null;
      await Promise.all([...workers.map((w) => w?.then((x) => x.terminate()).catch(() => undefined)), encoder.close()]);
    },
  };
}
