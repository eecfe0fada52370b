import { describe, it, expect } from 'vitest';
import { MARK_END, MARK_START } from './repo.js';
import { markWords, markedWords } from './highlight.js';

const marked = (text: string) => text.replaceAll('[', MARK_START).replaceAll(']', MARK_END);

describe('search snippets: words marked in the Markdown, marked again in the plain text', () => {
  it('takes the words a headline marked, lowercased, from the title and the description', () => {
    expect(markedWords(marked('[Truth] shoe'), marked('A **[truth]** [shoes] list'))).toEqual(
      new Set(['truth', 'shoes']),
    );
  });

  it('marks whole words only, whatever their case, and leaves the rest as text', () => {
    expect(markWords('Truth shoes: the truthful TRUTH.', new Set(['truth']))).toEqual([
      { text: 'Truth', match: true },
      { text: ' shoes: the truthful ', match: false },
      { text: 'TRUTH', match: true },
      { text: '.', match: false },
    ]);
  });

  it('reads a marked word as text, not as a pattern, and marks nothing without words', () => {
    expect(markWords('a.b and axb', new Set(['a.b']))).toEqual([
      { text: 'a.b', match: true },
      { text: ' and axb', match: false },
    ]);
    expect(markWords('<b>plain</b>', new Set())).toEqual([{ text: '<b>plain</b>', match: false }]);
  });
});
