/**
 * Part numbers (DESIGN.md 'Part numbers'): one normaliser for detection, search and part pages. The key
 * compares: upper case, separators and spaces dropped ('th 23.10-00' and 'TH231000' are one part). The
 * display form keeps the separators as printed, in upper case, with single spaces.
 */
const SEPARATORS = /[\s.\-/_:#,]+/g;

/** What two part numbers are compared by: upper case letters and digits only. */
export function partNumberKey(value: string): string {
  return value
    .normalize('NFKC')
    .toUpperCase()
    .replace(SEPARATORS, '')
    .replace(/[^A-Z0-9?]/g, '');
}

/** How a part number is shown: as printed, upper case, spaces collapsed, no separator at either end. */
export function partNumberDisplay(value: string): string {
  return value
    .normalize('NFKC')
    .toUpperCase()
    .replace(/\s+/g, ' ')
    .replace(/^[\s.\-/_:#,]+|[\s.\-/_:#,]+$/g, '');
}

/** Whether two part numbers name the same part. */
export const samePartNumber = (a: string, b: string) =>
  partNumberKey(a) !== '' && partNumberKey(a) === partNumberKey(b);

/** A part number with a character the AI could not read surely: that character as '?', marked unsure. */
export const unsurePartNumber = (display: string) => `${display} (unsure)`;

/** The key feature a detection lists for a part number it read ('part no. 23.10.00', 'part no. TH 23.1? (unsure)'). */
export const partNumberFeature = (display: string) => `part no. ${display}`;
