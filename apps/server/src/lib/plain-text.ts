import { memberPlainText } from './member-markdown.js';

/**
 * A member's text (Markdown as typed) as one plain line for descriptions, feeds and quotes: the text the Markdown
 * renderer draws (issue 25's `memberPlainText`: raw HTML stays text, links keep their words, markup goes), its white
 * space collapsed. Callers escape it where it goes into HTML.
 */
export function plainText(markdown: string): string {
  return memberPlainText(markdown).replace(/\s+/g, ' ').trim();
}
