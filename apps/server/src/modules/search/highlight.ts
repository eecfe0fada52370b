import { LIMITS, type HighlightSegment } from '@fenestra/shared';
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

/** The preview rule (200 characters, trailing space trimmed, '...') applied to segments. */
export function previewSegments(segments: HighlightSegment[], max = LIMITS.descriptionPreview): HighlightSegment[] {
  const length = segments.reduce((n, s) => n + s.text.length, 0);
  if (length <= max) return segments;
  const cut: HighlightSegment[] = [];
  let left = max;
  for (const s of segments) {
    if (left <= 0) break;
    cut.push({ text: s.text.slice(0, left), match: s.match });
    left -= s.text.length;
  }
  const last = cut[cut.length - 1]!;
  last.text = last.text.trimEnd();
  if (!last.text) cut.pop();
  cut.push({ text: '...', match: false });
  return segmentsOf(cut.map((s) => (s.match ? `${MARK_START}${s.text}${MARK_END}` : s.text)).join(''));
}
