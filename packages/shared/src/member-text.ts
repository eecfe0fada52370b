import { LIMITS } from './limits.js';

// Member text (replies, post descriptions) is plain text with three kinds of live parts: `[text](url)`
// links, bare http(s) URLs and @mentions. Nothing else is markup; the renderer shows the rest as text.

export type MemberTextToken =
  | { kind: 'text'; text: string }
  /** `text` is what is shown: the link text, or the address itself for a bare URL. */
  | { kind: 'link'; text: string; url: string }
  /** `name` without the '@', as written; `text` is '@name'. Whether it names a member is the reader's check. */
  | { kind: 'mention'; text: string; name: string };

const HTTP_URL = String.raw`https?:\/\/[^\s<>()\[\]]+(?:\([^\s<>()\[\]]*\)[^\s<>()\[\]]*)*`;
// Longest alternative first: a written link, then a bare address, then a mention.
const PATTERN = new RegExp(
  String.raw`\[([^\[\]\n]+)\]\((${HTTP_URL})\)` + `|(${HTTP_URL})` + String.raw`|@([A-Za-z0-9_-]+)`,
  'g',
);
const TRAILING_PUNCTUATION = /[.,;:!?'"]+$/;
const MENTION_BLOCKERS = /[A-Za-z0-9@.]/;

/** Is this an absolute http or https address (the only schemes that become links)? */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value.trim())) return false;
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

function pushText(tokens: MemberTextToken[], text: string) {
  if (!text) return;
  const last = tokens[tokens.length - 1];
  if (last?.kind === 'text') last.text += text;
  else tokens.push({ kind: 'text', text });
}

/** Splits member text into text, links and mentions, in order; anything not a link or mention stays text. */
export function tokenizeMemberText(input: string): MemberTextToken[] {
  const tokens: MemberTextToken[] = [];
  let at = 0;
  for (const match of input.matchAll(PATTERN)) {
    const start = match.index;
    const [whole, label, linkUrl, bareUrl, name] = match;
    if (label !== undefined && linkUrl !== undefined && isHttpUrl(linkUrl)) {
      pushText(tokens, input.slice(at, start));
      tokens.push({ kind: 'link', text: label, url: linkUrl });
      at = start + whole.length;
    } else if (bareUrl !== undefined) {
      // 'see https://example.com.' links the address, not the full stop.
      const url = bareUrl.replace(TRAILING_PUNCTUATION, '');
      if (!isHttpUrl(url)) continue;
      pushText(tokens, input.slice(at, start));
      tokens.push({ kind: 'link', text: url, url });
      at = start + url.length;
    } else if (name !== undefined) {
      const before = start > 0 ? input[start - 1]! : '';
      if (MENTION_BLOCKERS.test(before) || name.length < LIMITS.username.min || name.length > LIMITS.username.max)
        continue;
      pushText(tokens, input.slice(at, start));
      tokens.push({ kind: 'mention', text: whole, name });
      at = start + whole.length;
    }
  }
  pushText(tokens, input.slice(at));
  return tokens;
}

/** The distinct @names in member text, lower-cased (usernames are unique ignoring case). */
export function mentionedNames(input: string): string[] {
  const names = tokenizeMemberText(input)
    .filter((t): t is Extract<MemberTextToken, { kind: 'mention' }> => t.kind === 'mention')
    .map((t) => t.name.toLowerCase());
  return [...new Set(names)];
}

/** The attributes every member-written link carries (DESIGN.md). */
export const MEMBER_LINK_REL = 'noopener noreferrer nofollow ugc';
export const MEMBER_LINK_TARGET = '_blank';

/** What the dialog writes into the reply: `[text](url)`, or the bare URL when Link Text is empty. */
export function formatHyperlink(input: { text: string; url: string }): string {
  // Brackets in the label would end it early; round ones read the same.
  const text = input.text.trim().replace(/\[/g, '(').replace(/\]/g, ')').replace(/\n/g, ' ');
  const url = input.url.trim();
  return text ? `[${text}](${url})` : url;
}
