// What the composer's toolbar, shortcuts, '@' list and Quote do to the text: pure edits of a value and its selection.

export interface TextEdit {
  value: string;
  selectionStart: number;
  selectionEnd: number;
}

/** `**selection**` (or the placeholder, selected, when nothing is). */
export function wrapSelection(value: string, start: number, end: number, mark: string, placeholder: string): TextEdit {
  const inner = value.slice(start, end) || placeholder;
  return {
    value: `${value.slice(0, start)}${mark}${inner}${mark}${value.slice(end)}`,
    selectionStart: start + mark.length,
    selectionEnd: start + mark.length + inner.length,
  };
}

/** `[selection](https://)` with the address selected, ready to type over. */
export function linkSelection(value: string, start: number, end: number): TextEdit {
  const label = value.slice(start, end) || 'link text';
  const url = 'https://';
  const before = `${value.slice(0, start)}[${label}](`;
  return {
    value: `${before}${url})${value.slice(end)}`,
    selectionStart: before.length,
    selectionEnd: before.length + url.length,
  };
}

/** Starts each selected line with `prefix(lineNumber)`: '- ', '1. ', '> '. */
export function prefixLines(value: string, start: number, end: number, prefix: (n: number) => string): TextEdit {
  const from = value.lastIndexOf('\n', start - 1) + 1;
  const lines = value.slice(from, end).split('\n');
  const block = lines.map((line, i) => `${prefix(i + 1)}${line}`).join('\n');
  return {
    value: `${value.slice(0, from)}${block}${value.slice(end)}`,
    selectionStart: from,
    selectionEnd: from + block.length,
  };
}

/** `text` in place of value[start, end), the caret after it. */
export function replaceRange(value: string, start: number, end: number, text: string): TextEdit {
  const caret = start + text.length;
  return { value: `${value.slice(0, start)}${text}${value.slice(end)}`, selectionStart: caret, selectionEnd: caret };
}

/** A quote of what someone wrote, as the reply form gets it: '> @author wrote:' then the words, then a blank line. */
export function quoteOf(author: string, words: string): string {
  const lines = words.trim().split(/\r?\n/);
  return `> @${author} wrote:\n${lines.map((line) => (line ? `> ${line}` : '>')).join('\n')}\n\n`;
}

/** Adds a quote at the end of what is typed, a blank line apart. */
export function appendQuote(value: string, quote: string): TextEdit {
  const gap = value.trim() === '' ? '' : value.endsWith('\n\n') ? '' : value.endsWith('\n') ? '\n' : '\n\n';
  const next = `${value.trim() === '' ? '' : value}${gap}${quote}`;
  return { value: next, selectionStart: next.length, selectionEnd: next.length };
}

/** The '@name' being typed just before the caret (at least one letter), or null. */
export function mentionBeforeCaret(value: string, caret: number): { start: number; query: string } | null {
  const match = /(^|[^A-Za-z0-9@.])@([A-Za-z0-9_-]{1,30})$/.exec(value.slice(0, caret));
  if (!match) return null;
  return { start: caret - match[2]!.length - 1, query: match[2]! };
}
