import { describe, expect, it } from 'vitest';
import { diffWords } from './editing.js';

describe('diffWords', () => {
  it('marks the words removed and added, keeping the rest and the spaces', () => {
    expect(diffWords('The crank spins freely now', 'The crank turns freely now, fixed')).toEqual([
      { kind: 'same', text: 'The crank ' },
      { kind: 'removed', text: 'spins ' },
      { kind: 'added', text: 'turns ' },
      { kind: 'same', text: 'freely ' },
      { kind: 'removed', text: 'now' },
      { kind: 'added', text: 'now, fixed' },
    ]);
  });

  it('reads the same text as one unchanged part, and empty texts as all added or all removed', () => {
    expect(diffWords('same words', 'same words')).toEqual([{ kind: 'same', text: 'same words' }]);
    expect(diffWords('', 'new text')).toEqual([{ kind: 'added', text: 'new text' }]);
    expect(diffWords('old text', '')).toEqual([{ kind: 'removed', text: 'old text' }]);
  });

  it("joins back to each side (a kept word keeps the new text's spacing)", () => {
    const before = 'Window latch, brass.\nTwo screws, 30 mm apart.';
    const after = 'Window latch, chrome.\nTwo screws 32 mm apart. Made by Truth.';
    const parts = diffWords(before, after);
    const side = (skip: string) =>
      parts
        .filter((p) => p.kind !== skip)
        .map((p) => p.text)
        .join('');
    const flat = (text: string) => text.replace(/\s+/g, ' ').trim();
    expect(flat(side('added'))).toBe(flat(before));
    expect(side('removed')).toBe(after);
  });
});
