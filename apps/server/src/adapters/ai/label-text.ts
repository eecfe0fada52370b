/**
 * Reading a label's words: part numbers, brands and finishes, and the catalogue parts a text names
 * (exact words, or one letter off for long words, as OCR misreads them).
 */
import { CATALOGUE, type CataloguePart } from './catalogue.js';

/** Makers whose names are stamped on window and door hardware. */
const BRANDS = [
  'Truth Hardware', 'Truth', 'Andersen', 'Pella', 'Marvin', 'Amesbury', 'Caldwell', 'Prime-Line', 'Roto', 'Strybuc', 'Ashland',
  'Schlage', 'Kwikset', 'Yale', 'Hoppe', 'Jeld-Wen', 'Milgard', 'Anderson', 'Larson', 'Emco', 'Wright Products', 'Ives', 'LCN',
  'Norton', 'Stanley', 'Hager', 'Baldwin', 'Weiser', 'Sentry', 'Peachtree', 'Simonton', 'Silver Line', 'Ply Gem', 'Loewen',
  'Kolbe', 'Weather Shield', 'Hurd', 'Sierra Pacific', 'Window Fix', 'Blaine', 'Swisco', 'Siegenia', 'GU', 'Winkhaus', 'Maco',
] as const;

const FINISHES = [
  'oil rubbed bronze', 'antique brass', 'satin nickel', 'brushed nickel', 'polished brass', 'polished chrome', 'satin chrome',
  'stainless', 'bronze', 'white', 'black', 'almond', 'beige', 'tan', 'chrome', 'brass', 'nickel', 'coppertone', 'mill', 'gold',
] as const;

const MATERIALS = [
  'zinc die-cast', 'die-cast zinc', 'stainless steel', 'aluminium', 'aluminum', 'brass', 'steel', 'nylon', 'vinyl', 'fibreglass',
  'fiberglass', 'bronze', 'plastic', 'rubber', 'epdm', 'glass', 'zinc',
] as const;

/** Lower case, with anything but letters and digits as single spaces. */
export function normalise(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
}

const words = (text: string) => normalise(text).split(' ').filter(Boolean);

const LABEL_WORD = /\b(?:PART|P\s*\/\s*N|PN|ITEM|MODEL|CAT(?:ALOG(?:UE)?)?|REF|STOCK|SKU)\b/i;
/** A line that may hold a part number: it says one follows ('PART No.', 'P/N', 'ITEM #'…) and has a digit, or has three digits. */
export const isLabelledLine = (line: string) => (LABEL_WORD.test(line) && /\d/.test(line)) || /\d.*\d.*\d/.test(line);

const LABELLED = /\b(?:PART|P\s*\/\s*N|PN|ITEM|MODEL|CAT(?:ALOG(?:UE)?)?|REF|STOCK|SKU)\s*(?:NO\b\.?|NUMBER|NUM\b\.?|#)?\s*[:#.-]?\s*([A-Z0-9][A-Z0-9.\-/]{2,}[A-Z0-9])/gi;
// Codes with separators (23.10.00, TH-4521-B, 1004-5678) or letters and digits run together (PL15432).
const CODE = /(?<![A-Za-z0-9.\-/])(?=[A-Za-z0-9.\-/]*\d[A-Za-z0-9.\-/]*\d)(?:[A-Za-z0-9]+(?:[.\-/][A-Za-z0-9]+)+|[A-Za-z]{1,4}\d{3,}[A-Za-z]?)(?![A-Za-z0-9.\-/])/g;

/** A code read by OCR: after its first digit, letters that look like digits are digits (PL4O5O is PL4050; the prefix stays). */
function cleanCode(code: string): string {
  const upper = code.toUpperCase().replace(/[.\-/]+$/, '');
  const first = upper.search(/\d/);
  if (first < 0) return upper;
  const digitsOf: Record<string, string> = { O: '0', Q: '0', D: '0', I: '1', L: '1', '|': '1', S: '5', B: '8', Z: '2' };
  const tail = upper.slice(first).replace(/[OQDIL|SBZ]/g, (c, i: number, all: string) =>
    // Only a letter among digits or separators: a suffix letter (TH-4521-B) stays a letter.
    (/[\d.\-/]/.test(all[i - 1] ?? '') && /[\d.\-/]/.test(all[i + 1] ?? '') ? digitsOf[c]! : c));
  return upper.slice(0, first) + tail;
}

const isCode = (code: string) => {
  if (code.length < 4 || code.length > 24) return false;
  if ((code.match(/\d/g) ?? []).length < 2) return false;
  // Sizes and dates are not part numbers: 1/2, 3-1/4, 2024, 10/12/2023.
  if (/^\d{1,2}\/\d{1,2}(\/\d{2,4})?$/.test(code) || /^\d{1,2}-\d{1,2}\/\d{1,2}$/.test(code)) return false;
  return true;
};

/** Part numbers in a label's text, labelled ones ('PART No. 23.10.00') first, at most 3. */
export function extractPartNumbers(label: string): string[] {
  // OCR puts a space after a separator now and then: '51.66. 22' is 51.66.22.
  const text = label.replace(/(\d[.\-/])[ \t]+(?=\d)/g, '$1');
  const found: string[] = [];
  const add = (raw: string) => {
    const code = cleanCode(raw);
    if (isCode(code) && !found.includes(code)) found.push(code);
  };
  for (const m of text.matchAll(LABELLED)) add(m[1]!);
  for (const m of text.matchAll(CODE)) add(m[0]);
  return found.slice(0, 3);
}

/** Whether `phrase` (words) occurs in `tokens`; long words may be one letter off, as OCR reads them. */
function containsPhrase(tokens: string[], phrase: string[]): boolean {
  outer: for (let i = 0; i + phrase.length <= tokens.length; i++) {
    for (let j = 0; j < phrase.length; j++) {
      const want = phrase[j]!;
      const got = tokens[i + j]!;
      if (got !== want && !(want.length >= 5 && withinOneEdit(got, want))) continue outer;
    }
    return true;
  }
  return false;
}

function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) { i++; j++; continue; }
    if (++edits > 1) return false;
    if (a.length > b.length) i++;
    else if (b.length > a.length) j++;
    else { i++; j++; }
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
}

/** OCR reads 0 for O and 1 for l inside words: turn them back where the rest of the word is letters. */
function letterish(token: string): string {
  return /[a-z]/.test(token) && /^[a-z01]+$/.test(token) ? token.replace(/0/g, 'o').replace(/1/g, 'l') : token;
}

export interface TermMatch { part: CataloguePart; words: number }

/** The catalogue part a text names by one of its names, the longest name winning (null when none). */
export function partNamedIn(text: string): TermMatch | null {
  const tokens = words(text).map(letterish);
  if (tokens.length === 0) return null;
  let best: TermMatch | null = null;
  for (const part of CATALOGUE) {
    for (const name of [part.name, ...part.synonyms]) {
      const phrase = words(name);
      if ((!best || phrase.length > best.words) && containsPhrase(tokens, phrase)) best = { part, words: phrase.length };
    }
  }
  return best;
}

const firstOf = (list: readonly string[], text: string) => {
  const tokens = ` ${normalise(text)} `;
  return list.find((item) => tokens.includes(` ${normalise(item)} `)) ?? null;
};

export const brandIn = (text: string) => firstOf(BRANDS, text);
export const finishIn = (text: string) => firstOf(FINISHES, text);
export const materialIn = (text: string) => {
  const found = firstOf(MATERIALS, text);
  return found === 'aluminum' ? 'aluminium' : found === 'die-cast zinc' || found === 'zinc' ? 'zinc die-cast' : found === 'fiberglass' ? 'fibreglass' : found;
};
