import type { HighlightSegment } from '@fenestra/shared';
import { GREATER_THAN, LESS_THAN, MARK_END, MARK_START } from './repo.js';

const restore = (text: string) => text.replaceAll(LESS_THAN, '<').replaceAll(GREATER_THAN, '>');

/** A headline with marks, as text segments; adjacent pieces of the same kind are joined. */
export function segmentsOf(headline: string): HighlightSegment[] {
  const segments: HighlightSegment[] = [];
  const push = (text: string, match: boolean) => {
    if (!text) return;
    const last = segments[segments.length - 1];
    if (last && last.match === match) last.text += text;
    else segments.push({ text, match });
  };
  for (const piece of headline.split(MARK_START)) {
    const end = piece.indexOf(MARK_END);
    if (end === -1) push(restore(piece), false);
    else {
      push(restore(piece.slice(0, end)), true);
      push(restore(piece.slice(end + 1)), false);
    }
  }
  return segments;
}

/** The words a headline marked, lowercased: the query's words as this post writes them. */
export function markedWords(...headlines: string[]): Set<string> {
  const words = new Set<string>();
  for (const headline of headlines)
    for (const segment of segmentsOf(headline)) if (segment.match) words.add(segment.text.toLowerCase());
  return words;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Plain text (a card's preview, from the Markdown renderer) with those words marked wherever they stand as whole
 * words: the headline is drawn over the stored Markdown, whose marks ('**', link addresses) the preview leaves out.
 */
export function markWords(text: string, words: ReadonlySet<string>): HighlightSegment[] {
  const alternatives = [...words]
    .filter((word) => word.trim() !== '')
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp);
  if (alternatives.length === 0) return text ? [{ text, match: false }] : [];
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}])`, 'giu');
  const segments: HighlightSegment[] = [];
  let at = 0;
  for (const found of text.matchAll(pattern)) {
    if (found.index > at) segments.push({ text: text.slice(at, found.index), match: false });
    segments.push({ text: found[0], match: true });
    at = found.index + found[0].length;
  }
  if (at < text.length) segments.push({ text: text.slice(at), match: false });
  return segments;
}
