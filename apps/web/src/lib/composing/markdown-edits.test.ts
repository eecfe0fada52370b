import { describe, expect, it } from 'vitest';
import { appendQuote, linkSelection, mentionBeforeCaret, prefixLines, quoteOf, wrapSelection } from './markdown-edits';

describe('the composer’s edits', () => {
  it('wraps the selection in bold, or inserts a selected placeholder', () => {
    expect(wrapSelection('a word here', 2, 6, '**', 'bold text')).toEqual({
      value: 'a **word** here',
      selectionStart: 4,
      selectionEnd: 8,
    });
    expect(wrapSelection('ab', 1, 1, '_', 'italic')).toMatchObject({ value: 'a_italic_b', selectionStart: 2 });
  });

  it('links the selection with the address selected', () => {
    const edit = linkSelection('see guide', 4, 9);
    expect(edit.value).toBe('see [guide](https://)');
    expect(edit.value.slice(edit.selectionStart, edit.selectionEnd)).toBe('https://');
  });

  it('numbers each selected line from the start of the first', () => {
    expect(prefixLines('x\nlift\nturn', 3, 11, (n) => `${n}. `).value).toBe('x\n1. lift\n2. turn');
  });

  it("quotes with '@author wrote:' and adds it a blank line after what is typed", () => {
    expect(quoteOf('robin', 'first\n\nsecond')).toBe('> @robin wrote:\n> first\n>\n> second\n\n');
    expect(appendQuote('Hi', '> q\n\n').value).toBe('Hi\n\n> q\n\n');
    expect(appendQuote('  ', '> q\n\n').value).toBe('> q\n\n');
  });

  it("finds the '@name' being typed, not an email address", () => {
    expect(mentionBeforeCaret('ask @ro', 7)).toEqual({ start: 4, query: 'ro' });
    expect(mentionBeforeCaret('mail a@ro', 9)).toBeNull();
    expect(mentionBeforeCaret('ask @', 5)).toBeNull();
  });
});
