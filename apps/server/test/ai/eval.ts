// npm run eval:ai (not in CI): the local provider over labels and label-less photos it has never seen, drawn
// here with varied fonts, angles, blur and grain. Prints OCR character accuracy, part-number exact match,
// object top-1 and how often it names an object where there is no label. Targets: 90% / 95% / under 5%.
import { localProvider } from '../../src/adapters/ai/local.js';
import { CATALOGUE } from '../../src/adapters/ai/catalogue.js';
import { FONTS, blankImage, labelImage, photoWithoutText, seeded } from './images.js';

const LABELS = Number(process.env.EVAL_LABELS ?? 32);
const PHOTOS = Number(process.env.EVAL_PHOTOS ?? 20);
const BRANDS = ['TRUTH HARDWARE', 'AMESBURY', 'PRIME-LINE', 'ROTO', 'STRYBUC', 'CALDWELL', 'ASHLAND', 'SCHLAGE', 'HAGER', 'ANDERSEN'];
const PLATES: [string, string][] = [['#e8e4d8', '#1a1a1a'], ['#d9d9d9', '#222'], ['#f4efe2', '#3a2a1a'], ['#c9c2b0', '#111'], ['#ffffff', '#333']];

function levenshtein(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const next = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = row[j]!;
      row[j] = next;
    }
  }
  return row[b.length]!;
}
const flat = (s: string) => s.toUpperCase().replace(/\s+/g, ' ').trim();
const pct = (n: number, d: number) => `${((100 * n) / Math.max(d, 1)).toFixed(1)}%`;

function partNumber(random: () => number): string {
  const d = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');
  const formats = [() => `${d(2)}.${d(2)}.${d(2)}`, () => `${d(4)}-${d(4)}`, () => `TH${d(5)}`, () => `${d(2)}-${d(4)}`, () => `PL${d(4)}`, () => `${d(3)}.${d(3)}`];
  return formats[Math.floor(random() * formats.length)]!();
}

async function main() {
  const ai = localProvider();
  const random = seeded(2026);
  // Every third part of the catalogue, so the labels cover all categories.
  const parts = CATALOGUE.filter((_, i) => i % 3 === 0);
  let ocrErrors = 0;
  let ocrChars = 0;
  let numbersRight = 0;
  let objectsRight = 0;
  const misses: string[] = [];
  let started = Date.now();
  for (let i = 0; i < LABELS; i++) {
    const part = parts[i % parts.length]!;
    const printed = (random() < 0.5 ? part.name : part.synonyms[0] ?? part.name).toUpperCase();
    const pn = partNumber(random);
    const lines = [BRANDS[i % BRANDS.length]!, `${['PART No.', 'P/N', 'ITEM #', 'MODEL'][i % 4]} ${pn}`, printed];
    const [plate, ink] = PLATES[i % PLATES.length]!;
    const image = await labelImage({
      lines, font: FONTS[i % FONTS.length], angle: Math.round((random() * 16 - 8) * 10) / 10, blur: random() < 0.4 ? 0.3 + random() : undefined,
      noise: random() < 0.5 ? random() * 0.5 : undefined, plate, ink, bold: random() < 0.3, width: 560 + Math.floor(random() * 200),
    }, i + 1);
    const result = await ai.detect({ image, title: 'Need help identifying this', description: '' });
    const truth = flat(lines.join(' '));
    ocrErrors += Math.min(truth.length, levenshtein(flat(result.visibleText ?? ''), truth));
    ocrChars += truth.length;
    if (result.keyFeatures.includes(`part no. ${pn}`)) numbersRight++;
    else misses.push(`part number ${pn} -> ${JSON.stringify(result.keyFeatures)}`);
    if (result.object === part.name) objectsRight++;
    else misses.push(`object '${printed}' (${part.name}) -> ${result.object ?? 'nothing'} | ${JSON.stringify(result.visibleText)}`);
  }
  const labelSeconds = (Date.now() - started) / 1000;

  started = Date.now();
  let claims = 0;
  for (let i = 0; i < PHOTOS; i++) {
    const image = i % 10 === 9 ? await blankImage(400 + i * 10, 300) : await photoWithoutText(100 + i, 360 + (i % 4) * 80, 270 + (i % 3) * 60);
    const result = await ai.detect({ image, title: 'Need help identifying this', description: 'Found this in the garage. What is it?' });
    if (result.object) {
      claims++;
      misses.push(`photo ${i}: claimed ${result.object} from ${JSON.stringify(result.visibleText)}`);
    }
  }
  const photoSeconds = (Date.now() - started) / 1000;
  await ai.close();

  for (const miss of misses) console.log(`  miss: ${miss}`);
  console.log(`\nLocal provider on ${LABELS} rendered labels and ${PHOTOS} label-less images`);
  console.log(`  OCR character accuracy   ${pct(ocrChars - ocrErrors, ocrChars)}`);
  console.log(`  part number exact match  ${pct(numbersRight, LABELS)}  (target 95%)`);
  console.log(`  object top-1             ${pct(objectsRight, LABELS)}  (target 90%)`);
  console.log(`  false claims             ${pct(claims, PHOTOS)}  (target under 5%)`);
  console.log(`  time                     ${(labelSeconds / LABELS).toFixed(2)} s a label, ${(photoSeconds / PHOTOS).toFixed(2)} s a photo`);
}

await main();
