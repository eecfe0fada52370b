import { describe, it, expect } from 'vitest';
import { PREVIEW_RENDERING, PREVIEW_SOURCE_CHARS, previewFrom, previewSourceIn } from './previews.js';

// Kept previews hold for the renderer's version (PREVIEW_RENDERING). When these expectations have to change, what a
// preview says changed: raise PREVIEW_RENDERING with them, or every kept preview goes on showing the old text.
const RENDERED_BY_VERSION_1: [string, string][] = [
  [
    'My **Andersen** casement crank is _stripped_; see [the operator](https://example.com/op) and `WD-40`.',
    'My Andersen casement crank is stripped; see the operator and WD-40.',
  ],
  [
    '- model 400 series\n- about 15 years old\n\n1. remove the cover\n2. lift the arm',
    '- model 400 series\n- about 15 years old\n\n1. remove the cover\n2. lift the arm',
  ],
  [
    '> quoted from the manual\n\n    code block line\n\nA plain line with <b>raw html</b> and # not a heading',
    'quoted from the manual\n\ncode block line\n\nA plain line with <b>raw html</b> and # not a heading',
  ],
  ['Sliding door roller '.repeat(12), `${'Sliding door roller '.repeat(10).slice(0, 200).trimEnd()}...`],
];

describe('card previews', () => {
  it('say what renderer version 1 says of the start of a post (raise PREVIEW_RENDERING when this changes)', () => {
    expect(PREVIEW_RENDERING).toBe(1);
    for (const [markdown, preview] of RENDERED_BY_VERSION_1)
      expect(previewFrom(previewSourceIn(markdown))).toBe(preview);
  });

  it('are made from the first 201 characters as PostgreSQL counts them, not UTF-16 units', () => {
    const emoji = '🪟'.repeat(150) + 'x'.repeat(100);
    const source = previewSourceIn(emoji);
    expect(Array.from(source)).toHaveLength(PREVIEW_SOURCE_CHARS);
    expect(source).toBe('🪟'.repeat(150) + 'x'.repeat(51));
    expect(previewSourceIn('short')).toBe('short');
  });
});
