/**
 * Reading a label's words: part numbers (each with how surely its characters were read), brands and
 * finishes, and the catalogue parts a text names. OCR drops spaces between words and misreads a letter
 * now and then, so names are also matched with the spaces gone and, when long, a letter or two off.
 */
import { partNumberDisplay, partNumberKey, unsurePartNumber } from '@fenestra/shared';
import { CATALOGUE, type CataloguePart } from './catalogue.js';

/** Makers whose names are stamped on window and door hardware. */
const BRANDS = [
  'Truth Hardware',
  'Truth',
  'Andersen',
  'Pella',
  'Marvin',
  'Amesbury',
  'Caldwell',
  'Prime-Line',
  'Roto',
  'Strybuc',
  'Ashland',
  'Schlage',
  'Kwikset',
  'Yale',
  'Hoppe',
  'Jeld-Wen',
  'Milgard',
  'Anderson',
  'Larson',
  'Emco',
  'Wright Products',
  'Ives',
  'LCN',
  'Norton',
  'Stanley',
  'Hager',
  'Baldwin',
  'Weiser',
  'Sentry',
  'Peachtree',
  'Simonton',
  'Silver Line',
  'Ply Gem',
  'Loewen',
  'Kolbe',
  'Weather Shield',
  'Hurd',
  'Sierra Pacific',
  'Window Fix',
  'Blaine',
  'Swisco',
  'Siegenia',
  'GU',
  'Winkhaus',
  'Maco',
] as const;

const FINISHES = [
  'oil rubbed bronze',
  'antique brass',
  'satin nickel',
  'brushed nickel',
  'polished brass',
  'polished chrome',
  'satin chrome',
  'stainless',
  'bronze',
  'white',
  'black',
  'almond',
  'beige',
  'tan',
  'chrome',
  'brass',
  'nickel',
  'coppertone',
  'mill',
  'gold',
] as const;

const MATERIALS = [
  'zinc die-cast',
  'die-cast zinc',
  'stainless steel',
  'aluminium',
  'aluminum',
  'brass',
  'steel',
  'nylon',
  'vinyl',
  'fibreglass',
  'fiberglass',
  'bronze',
  'plastic',
  'rubber',
  'epdm',
  'glass',
  'zinc',
] as const;

/** Lower case, with anything but letters and digits as single spaces. */
export function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** A read line: its text and, per character, how sure the reader was (1 for text typed by a person). */
export interface TextLine {
  text: string;
  p?: number[];
}

/** A part number found in a label: shown as read, its key, and whether a character of it was unsure. */
export interface FoundPartNumber {
  /** 'TH 23.10.00', or with its unsure characters as '?' and ' (unsure)' after it. */
  display: string;
  key: string;
  unsure: boolean;
  /** The least sure of its characters (0..1). */
  confidence: number;
}

/** A character read less surely than this makes its part number unsure. */
export const UNSURE_CHARACTER = 0.6;
/** How sure a digit is that was read as a letter and turned back (below UNSURE_CHARACTER: shown as '?'). */
const GUESSED_DIGIT = 0.5;

// Words that say a part number follows, in English and German: 'PART No.', 'P/N', 'ITEM #', 'Art.-Nr.', also as OCR
// misreads them ('P/T', 'TTEM #', 'Art.-1m.', 'ArL-Nr.', 'PART Nb.').
const LABEL =
  /(?<![A-Z0-9])(?:PA[RFP]T|P\s*[/I1l|]\s*[I1l|]?N|P\s*\/\s*[TI1l]|PN|[IT1l]?TEM|MODEL|MOD|CAT(?:ALOG(?:UE)?)?|REF|STOCK|SKU|A[RI][TL](?:IKEL|O)?\s*\.?\s*-?\s*(?:[I1l]?N[RO]?T?|1?[I1l]?[MN])|BEST\s*\.?\s*-?\s*NR|TYPE?)\s*(?:[1lI|]?N[O0°]\b\s*\.?|[1lI|]?N[O0B°]\s*\.|NUMBER|NUM\s*\.?|NR\s*\.?|#)?\s*[:#.-]?\s*/gi;
// A line about something else: its numbers are not part numbers unless a label word says one is.
const OTHER_NUMBERS =
  /(?<![A-Z])(?:TEL|PHONE|FAX|CALL|HOTLINE|MOBILE|WWW|HTTP|PAT(?:ENT)?S?|MFG|MFD|MADE|DATE|DATUM|EXP|EST|SINCE|PRICE|PREIS|SALE|LOT|BATCH|SERIAL|S\/N|SN|WARRANTY|EAN|UPC|GTIN|ISBN|BARCODE|©|\(C\))(?![A-Z])|MADE\s*IN/i;
// A maker's name right before a number says what the number is, as a label word does ('Truth 23.10 operator',
// '**Andersen** 1234567'): typed text names parts this way.
const MAKER = new RegExp(
  `(?<![A-Z0-9])(?:${[...BRANDS]
    .sort((a, b) => b.length - a.length)
    .map((b) => b.replace(/[-\s]/g, '[-\\s]?'))
    .join('|')})[*_]*\\s+[*_]*`,
  'gi',
);
const CURRENCY = /[$€£¥]|\b(?:EUR|USD|GBP|CAD|CHF)\b/i;
const UNIT = /^(?:MM|CM|M|IN|INCH|INCHES|FT|FEET|KG|G|LB|LBS|OZ|V|W|KW|N|NM|PSI|BAR|MPH|KM|L|ML|HZ|A|MA|"|'|°|%|X)$/i;
const YEAR = /^(?:19|20)\d\d$/;

interface Token {
  text: string;
  start: number;
  end: number;
}

const tokensOf = (text: string): Token[] =>
  [...text.matchAll(/\S+/g)].map((m) => ({ text: m[0], start: m.index, end: m.index + m[0].length }));

/** OCR's letters among digits (O for 0, I for 1…) turned back; a prefix of letters stays letters. */
function asCode(raw: string): string {
  // A lower-case g among digits is a 9 (239588g).
  const upper = raw.replace(/(?<=\d)g(?=\d|$)/g, '9').toUpperCase();
  const first = upper.search(/\d/);
  if (first < 0) return upper;
  const digitsOf: Record<string, string> = { O: '0', Q: '0', D: '0', I: '1', L: '1', '|': '1', S: '5', B: '8', Z: '2' };
  const tail = upper
    .slice(first)
    .replace(/[OQDIL|SBZ]/g, (c, i: number, all: string) =>
      /[\d.\-/ ]/.test(all[i - 1] ?? '') && /[\d.\-/ ]/.test(all[i + 1] ?? '') ? digitsOf[c]! : c,
    );
  return upper.slice(0, first) + tail;
}

/** Whether a run of text (one token or two with an inner space) is shaped like a part number. */
function codeShaped(code: string, labelled: boolean): boolean {
  const compact = code.replace(/[\s.\-/]/g, '');
  if (compact.length < 4 || compact.length > 20 || !/^[A-Z0-9]+$/.test(compact)) return false;
  const digits = (compact.match(/\d/g) ?? []).length;
  if (digits < 2) return false;
  // Years, sizes and dates: 1998, 1/2, 3-1/4, 2024-03-15, 15.03.2024, 03/15/2024.
  if (YEAR.test(compact)) return false;
  if (/^\d{1,2}\/\d{1,2}$/.test(code) || /^\d{1,2}-\d{1,2}\/\d{1,2}$/.test(code)) return false;
  if (/^(?:19|20)\d\d[-./]\d{1,2}[-./]\d{1,2}$/.test(code)) return false;
  if (/^\d{1,2}[-./]\d{1,2}[-./](?:19|20)\d\d$/.test(code)) return false;
  // A month and year, also run into the words before it (MADEINUSA22/2021, 04/2019).
  if (/(?:^|\D)\d{1,2}\/(?:19|20)\d\d$/.test(code)) return false;
  // Phone numbers: 555-123-4567, 1-800-555-0199, 0800 123 4567.
  if (/^(?:\+?\d{1,3}[-. ])?\(?\d{3}\)?[-. ]\d{3}[-. ]\d{4}$/.test(code)) return false;
  if (/^0\d{2,4}[-. /]\d{4,8}$/.test(code) && !labelled) return false;
  // Unlabelled, 12.99 is a price, 555-0199 a local phone number and 2-1/2 (2-1/2IN) a size.
  if (!labelled && (/^\d{1,3}[.,]\d{2}$/.test(code) || /^\d{3}-\d{4}$/.test(code))) return false;
  if (!labelled && /(?:^|[-\s])\d{1,2}\/(?:2|3|4|8|16|32|64)(?!\d)/.test(code)) return false;
  // A measurement run into its unit (35MM, 12.5KG, 3IN).
  if (!labelled && /\d(?:MM|CM|IN|INCH|FT|KG|LBS?|OZ|PSI|KW|V|W|N)$/.test(code)) return false;
  // A barcode's number (EAN's 13 digits, UPC's 12) is no part number, also with its word misread into it (EA11 795…).
  if (!labelled && /\d{12,}/.test(compact)) return false;
  // Unlabelled, a code has at least five characters and needs a separator or letters before its digits (23.10.00, TH41630, 1004-5678), or is
  // Andersen's seven digits.
  if (!labelled) {
    if (compact.length < 5) return false;
    const shaped =
      /^[A-Z0-9]+(?:[.\-/][A-Z0-9]+)+$/.test(code) ||
      /^[A-Z]{1,4}\d{3,}[A-Z]?$/.test(code) ||
      /^[A-Z]{1,4} \d{3,}(?:[.\-/]\d+)*[A-Z]?$/.test(code) ||
      /^\d{7}$/.test(code);
    if (!shaped) return false;
  }
  return true;
}

/** The text around a number says it is a price or a measurement ('$12.99', '35 mm', '3/4"'). */
function priceOrMeasure(line: string, start: number, end: number): boolean {
  const before = line.slice(Math.max(0, start - 6), start);
  // The area code of a phone number before it: (811) 874-4864.
  if (/\(\d{3}\)\s*$/.test(before)) return true;
  const after = line.slice(end, end + 6);
  if (CURRENCY.test(before) || CURRENCY.test(after.slice(0, 4))) return true;
  const unit = /^\s?([A-Za-z"'°%]+)/.exec(after)?.[1];
  if (unit && UNIT.test(unit)) return true;
  return /^\d+[.,]\d{2}$/.test(line.slice(start, end)) && /[$€£]|EUR|USD/i.test(line);
}

/** Part numbers in a label's lines, labelled ones ('PART No. 23.10.00', 'Art.-Nr. 4711 123') first, at most 3. */
export function findPartNumbers(lines: (TextLine | string)[]): FoundPartNumber[] {
  const found: FoundPartNumber[] = [];
  const add = (line: TextLine, start: number, end: number, labelled: boolean) => {
    // Trailing separators are not part of it.
    let raw = line.text.slice(start, end);
    const trimmed = raw.replace(/[.\-/:,;]+$/, '');
    end -= raw.length - trimmed.length;
    raw = trimmed;
    const code = asCode(raw).replace(/(\d[.\-/])\s+(?=\d)/g, '$1');
    if (!codeShaped(code, labelled) || priceOrMeasure(line.text, start, end)) return;
    const p = line.p ?? [];
    const asDigits = asCode(raw);
    let unsure = false;
    let confidence = 1;
    const shown = [...raw].map((c, i) => {
      // A letter among digits that could be one of several digits (g for 9 or 6, S for 5, B for 8…) is a guess.
      const guessed = /[A-Za-z]/.test(c) && /\d/.test(asDigits[i] ?? '') && !/[OIL]/i.test(c);
      const sure = Math.min(p[start + i] ?? 1, guessed ? GUESSED_DIGIT : 1);
      if (/[A-Za-z0-9]/.test(c)) confidence = Math.min(confidence, sure);
      if (sure < UNSURE_CHARACTER && /[A-Za-z0-9]/.test(c)) {
        unsure = true;
        return '?';
      }
      return c;
    });
    // Groups of one length but the first or the last a character short (0.75.55 for 60.75.55): one was lost.
    const groups = code.split(/[.\-/ ]/);
    const short = (g: string, rest: string[]) =>
      rest.length >= 2 && rest.every((r) => r.length === rest[0]!.length) && g.length === rest[0]!.length - 1;
    if (short(groups[0]!, groups.slice(1)) || short(groups.at(-1)!, groups.slice(0, -1))) unsure = true;
    const display = partNumberDisplay(unsure ? asCode(shown.join('')) : code);
    const key = partNumberKey(display);
    if (found.some((f) => f.key === key)) return;
    found.push({ display: unsure ? unsurePartNumber(display) : display, key, unsure, confidence });
  };

  const all = lines.map((l) => tidy(typeof l === 'string' ? { text: l } : l));
  // Labelled first: the run after the label, one token, or two when the first is a short prefix or digits.
  for (const line of all) {
    const labels = [
      ...[...line.text.matchAll(LABEL)].map((m) => ({ m, maker: false })),
      ...[...line.text.matchAll(MAKER)].map((m) => ({ m, maker: true })),
    ];
    for (const { m, maker } of labels) {
      const from = m.index + m[0].length;
      const rest = tokensOf(line.text.slice(from)).map((t) => ({ ...t, start: t.start + from, end: t.end + from }));
      const [first, second] = rest;
      // After a maker's name only the one word with a digit ('Andersen 400 series' and 'Truth for' are no numbers).
      if (!first || !(maker ? /\d/ : /\d|^[A-Z]{1,4}$/i).test(first.text)) continue;
      const joins =
        !maker &&
        second &&
        second.start - first.end === 1 &&
        /\d/.test(second.text) &&
        (/^[A-Z]{1,4}$/i.test(first.text) || /^\d{2,5}$/.test(first.text)) &&
        /^[\dA-Z.\-/]+$/i.test(second.text);
      add(line, first.start, joins ? second.end : first.end, true);
    }
  }
  for (const [index, line] of all.entries()) {
    // A labelled line gave its number above (its label may be run into it: CATY7194); another line about a
    // phone, a date or a price gives none, nor does the line under such a word standing alone ('LOT' bent away
    // from its number).
    if (new RegExp(LABEL.source, 'i').test(line.text) || OTHER_NUMBERS.test(line.text)) continue;
    const above = all[index - 1]?.text.trim() ?? '';
    if (/^[A-Z.#/ ]{2,12}$/i.test(above) && OTHER_NUMBERS.test(above)) continue;
    const tokens = tokensOf(line.text);
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i]!;
      const next = tokens[i + 1];
      // A prefix and its number with a space between (TH 41630).
      if (next && /^[A-Z]{2,4}$/.test(t.text) && /^\d{3,}(?:[.\-/]\d+)*[A-Z]?[.,;:]?$/.test(next.text)) {
        add(line, t.start, next.end, false);
        i++;
        continue;
      }
      add(line, t.start, t.end, false);
    }
  }
  // Sure ones before unsure ones; labelled before unlabelled within each. Two numbers alike but for a character or
  // two are two reads of one printed number only when read from a photo: a person typed each as they meant it.
  const merged = all.some((l) => l.p) ? disagreements(found) : found;
  return [...merged.filter((f) => !f.unsure), ...merged.filter((f) => f.unsure)].slice(0, 3);
}

/** OCR puts a space after a separator now and then: '51.66. 22' is 51.66.22 (the confidences follow). */
function tidy(line: TextLine): TextLine {
  const keep = [...line.text].map(
    (c, i, all) =>
      !(/\s/.test(c) && /[.\-/]/.test(all[i - 1] ?? '') && /\d/.test(all[i - 2] ?? '') && /\d/.test(all[i + 1] ?? '')),
  );
  if (keep.every(Boolean)) return line;
  return {
    text: [...line.text].filter((_, i) => keep[i]).join(''),
    p: line.p?.filter((_, i) => keep[i]),
  };
}

/** Two reads of one number that differ by a character or two, or by one character only one of them has. */
function twins(o: FoundPartNumber, f: FoundPartNumber, ends = true): boolean {
  // One read saw more of it than the other (a bent line's end, 'P/N 5669' beside 'P/N 5669-6').
  const [short, long] = o.key.length <= f.key.length ? [o.key, f.key] : [f.key, o.key];
  const more = short.length >= 4 && short.length < long.length && (long.startsWith(short) || long.endsWith(short));
  if (ends && more) return true;
  if (Math.abs(o.key.length - f.key.length) > 1 || Math.min(o.key.length, f.key.length) < 5) return false;
  const longer = Math.max(o.key.length, f.key.length);
  const differ = Array.from({ length: longer }, (_, i) => [o.key[i], f.key[i]]).filter(
    ([a, b]) => a !== b && a !== '?' && b !== '?',
  ).length;
  // Or one read has a character the other has not (TH25925 and TH125925).
  const oneMore =
    o.key.length !== f.key.length && editDistance(o.key.replace(/\?/g, ''), f.key.replace(/\?/g, ''), 1) <= 1;
  return oneMore || (differ <= 2 && (differ > 0 || o.unsure !== f.unsure));
}

/**
 * How many cuts of a line must read a sure number otherwise (or unsure of a character) to make it unsure; they must
 * also outnumber the cuts that read it as it was read.
 */
export const DOUBTING_CUTS = 2;

/**
 * The numbers of a label checked against the same lines read again from other cuts of the photo (one list of
 * numbers a cut): a sure number is unsure when `doubting` cuts or more read it otherwise (by a character or two, a
 * character more or less, or its start or end) or unsure of a character; the characters the reads disagree on are
 * shown as '?', unless as many cuts read the number itself surely (decision 042). One cut alone proves nothing (a cut
 * is a worse read than the first); a number only a cut reads is not added.
 */
export function checkedAgainst(
  found: FoundPartNumber[],
  cuts: FoundPartNumber[][],
  doubting = DOUBTING_CUTS,
): FoundPartNumber[] {
  const checked = found.map((f) => {
    if (f.unsure) return f;
    // A cut longer than the line reads what stands beside it too: only a character or two otherwise is a doubt.
    const others = cuts.map((numbers) => numbers.find((r) => r.key !== f.key && twins(f, r, false))).filter((r) => r);
    // Cuts that read the very number surely speak for it: the doubt stands only when the doubting cuts outnumber
    // them (a tie goes to the photo's own reads, which read it surely too).
    const agreeing = cuts.filter((numbers) => numbers.some((r) => r.key === f.key && !r.unsure)).length;
    const other =
      others.length >= doubting && others.length > agreeing ? (others.find((r) => !r!.unsure) ?? others[0]) : undefined;
    return other ? disagreements([f, other])[0]! : f;
  });
  return [...checked.filter((f) => !f.unsure), ...checked.filter((f) => f.unsure)];
}

/**
 * Two reads of one photo that give the same number but for a character or two (657.469 and 657.463) are one
 * number whose differing characters are unsure: '657.46? (unsure)'.
 */
function disagreements(found: FoundPartNumber[]): FoundPartNumber[] {
  const out: FoundPartNumber[] = [];
  for (const f of found) {
    const twin = out.findIndex((o) => twins(o, f));
    if (twin < 0) {
      out.push(f);
      continue;
    }
    if (out[twin]!.key.length !== f.key.length) {
      // Which read is right about that character is not known: the surer read is shown, unsure.
      const surer = out[twin]!.confidence >= f.confidence ? out[twin]! : f;
      const display = surer.display.replace(/ \(unsure\)$/, '');
      out[twin] = {
        display: unsurePartNumber(display),
        key: partNumberKey(display),
        unsure: true,
        confidence: Math.min(out[twin]!.confidence, f.confidence),
      };
      continue;
    }
    // The longer read is shown, its characters that the other read differently as '?'.
    const [o, f2] = out[twin]!.key.length >= f.key.length ? [out[twin]!, f] : [f, out[twin]!];
    const plain = o.display.replace(/ \(unsure\)$/, '');
    let k = 0;
    const display = [...plain]
      .map((c) => {
        if (!/[A-Z0-9?]/.test(c)) return c;
        const same = c === f2.key[k];
        k++;
        return same ? c : '?';
      })
      .join('');
    out[twin] = {
      display: unsurePartNumber(display),
      key: partNumberKey(display),
      unsure: true,
      confidence: Math.min(o.confidence, f.confidence),
    };
  }
  return out;
}

/** The display forms of the part numbers in a text (typed or read): see findPartNumbers. */
export const extractPartNumbers = (label: string): string[] => findPartNumbers(label.split('\n')).map((f) => f.display);

// Names matched against text: by words (one letter off for long words), or with the spaces gone.
const words = (text: string) => normalise(text).split(' ').filter(Boolean);
const squash = (text: string) => normalise(text).replace(/ /g, '');

/** OCR reads 0 for O and 1 for l inside words: turn them back where the rest of the word is letters. */
function letterish(token: string): string {
  return /[a-z]/.test(token) && /^[a-z01]+$/.test(token) ? token.replace(/0/g, 'o').replace(/1/g, 'l') : token;
}

/**
 * How many letters off `phrase` (words) occurs in `tokens` at best (Infinity when not at all); long words may be one
 * letter off, as OCR reads them, and that letter counts ('DOOR LATCH' is no exact 'door catch').
 */
function phraseEdits(tokens: string[], phrase: string[]): number {
  let best = Infinity;
  outer: for (let i = 0; i + phrase.length <= tokens.length; i++) {
    let edits = 0;
    for (let j = 0; j < phrase.length; j++) {
      const want = phrase[j]!;
      const got = tokens[i + j]!;
      if (got === want) continue;
      if (!(want.length >= 5 && editDistance(got, want, 1) <= 1)) continue outer;
      edits++;
    }
    best = Math.min(best, edits);
  }
  return best;
}

/** Levenshtein distance, given up past `max`. */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      best = Math.min(best, next[j]!);
    }
    if (best > max) return max + 1;
    row = next;
  }
  return row[b.length]!;
}

/** Fewest edits to find `needle` somewhere in `hay` (approximate substring search). */
function substringDistance(hay: string, needle: string): number {
  let row = new Array<number>(hay.length + 1).fill(0);
  for (let i = 1; i <= needle.length; i++) {
    const next = [i];
    for (let j = 1; j <= hay.length; j++) {
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (needle[i - 1] === hay[j - 1] ? 0 : 1));
    }
    row = next;
  }
  return Math.min(...row);
}

export interface TermMatch {
  part: CataloguePart;
  /** How many words the matched name has (longer names are surer). */
  words: number;
  /** The matched name. */
  name: string;
  /** Letters off (0 for an exact match). */
  edits: number;
}

/** A squashed name this long may be found inside run-together words; shorter ones only as whole words. */
const SQUASHED_MIN = 9;

/** Whether `a` is `b` with words before it ('patio door handle' and 'door handle'). */
const refines = (a: TermMatch, b: TermMatch) => a.name !== b.name && ` ${a.name}`.endsWith(` ${b.name}`);

/**
 * A name read with the words before a shorter one first (the shorter is only part of what the label says), then
 * fewer letters off (a name missing a word is that many letters off), then the longer name.
 */
const better = (a: TermMatch, b: TermMatch) =>
  refines(a, b)
    ? true
    : refines(b, a)
      ? false
      : a.edits !== b.edits
        ? a.edits < b.edits
        : a.words !== b.words
          ? a.words > b.words
          : a.name.length > b.name.length;

/** Every catalogue part a text names by one of its names, the closest and longest name first. */
export function partsNamedIn(text: string, read: { worn?: boolean } = {}): TermMatch[] {
  // Typed text is a letter off in six at most; a photo's read text a letter off in five ('SCREEIDOOKPOLLER').
  const letters = read.worn ? 5 : 6;
  const tokens = words(text).map(letterish);
  if (tokens.length === 0) return [];
  const single = text
    .split('\n')
    .map((l) => squash(words(l).map(letterish).join(' ')))
    .filter(Boolean);
  // A name bent or broken over two lines ('CONCEALED' above 'DOOR HINGE') is read across them.
  const lines = [...single, ...single.slice(1).map((l, i) => single[i]! + l)];
  const matches: TermMatch[] = [];
  for (const part of CATALOGUE) {
    let best: TermMatch | null = null;
    for (const name of [part.name, ...part.synonyms]) {
      const phrase = words(name);
      const flat = phrase.join('');
      let edits = phraseEdits(tokens, phrase);
      if (edits > 0 && flat.length >= SQUASHED_MIN) {
        const squashed = Math.min(...lines.map((l) => substringDistance(l, flat)));
        if (squashed <= Math.floor(flat.length / letters)) edits = Math.min(edits, squashed);
      }
      if (edits === Infinity) continue;
      const match = { part, words: phrase.length, name, edits };
      if (!best || better(match, best)) best = match;
    }
    if (best) matches.push(best);
  }
  return matches.sort((a, b) => (better(a, b) ? -1 : better(b, a) ? 1 : 0));
}

/** The catalogue part a text names by one of its names, the longest name winning (null when none). */
export function partNamedIn(text: string): TermMatch | null {
  return partsNamedIn(text)[0] ?? null;
}

const firstOf = (list: readonly string[], text: string) => {
  const tokens = ` ${normalise(text)} `;
  return list.find((item) => tokens.includes(` ${normalise(item)} `)) ?? null;
};

export const brandIn = (text: string) => firstOf(BRANDS, text);
export const finishIn = (text: string) => firstOf(FINISHES, text);
export const materialIn = (text: string) => {
  const found = firstOf(MATERIALS, text);
  return found === 'aluminum'
    ? 'aluminium'
    : found === 'die-cast zinc' || found === 'zinc'
      ? 'zinc die-cast'
      : found === 'fiberglass'
        ? 'fibreglass'
        : found;
};
