import MarkdownItCallable, { type Env, type MarkdownIt, type StateInline, type Token } from 'markdown-it';
import { LIMITS, MEMBER_LINK_REL, MEMBER_LINK_TARGET, type Mention } from '@fenestra/shared';

// The one renderer of what members write (questions, replies, DESIGN.md 'Text'): stored Markdown in, the HTML
// the page and the app show and the plain text that search, previews, meta descriptions and emails use out.

/** What a member's Markdown renders to: the page's HTML, and the same words as plain text. */
export interface RenderedMemberText {
  html: string;
  text: string;
}

interface RenderEnv extends Env {
  /** The @names that name members, by lower-cased handle; any other @name stays text. */
  members: Map<string, Mention>;
}

const ALLOWED_SCHEMES = new Set(['http', 'https', 'mailto']);
const MENTION_NAME = /^@([A-Za-z0-9_-]+)/;
const MENTION_BLOCKERS = /[A-Za-z0-9@.]/;
/** Past this many '*' or '_' in a row a run is text: no one nests emphasis that deep, and each mark would cost a token. */
const LONGEST_EMPHASIS_RUN = 32;

/** A link may go to http, https or mailto, or stay on this site (a relative path); nothing else is a link. */
export function isAllowedMemberLink(url: string): boolean {
  const href = url.trim().toLowerCase();
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(href);
  if (scheme) return ALLOWED_SCHEMES.has(scheme[1]!);
  // '//host' and '/\host' leave the site without a scheme.
  return !/^[/\\]{2}/.test(href) && !href.startsWith('/\\');
}

const isExternal = (href: string) => /^[a-z][a-z0-9+.-]*:/i.test(href);

/** '@name' for a member, as a link to their profile (the names the server matched; others stay text). */
function mention(state: StateInline, silent: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x40 /* @ */ || state.linkLevel > 0) return false;
  const before = state.pos > 0 ? state.src[state.pos - 1]! : '';
  if (MENTION_BLOCKERS.test(before)) return false;
  const match = MENTION_NAME.exec(state.src.slice(state.pos, state.pos + LIMITS.username.max + 2));
  if (!match) return false;
  const member = (state.env as RenderEnv).members.get(match[1]!.toLowerCase());
  if (!member || match[1]!.length > LIMITS.username.max) return false;
  if (!silent) {
    const open = state.push('link_open', 'a', 1);
    open.attrs = [['href', `/user/${encodeURIComponent(member.username)}`]];
    open.info = 'mention';
    state.push('text', '', 0).content = match[0];
    state.push('link_close', 'a', -1).info = 'mention';
  }
  state.pos += match[0].length;
  return true;
}

/** A run of more than LONGEST_EMPHASIS_RUN '*' or '_' is text, so 100 KB of asterisks renders in linear time. */
function longDelimiterRun(state: StateInline, silent: boolean): boolean {
  const marker = state.src.charCodeAt(state.pos);
  if (marker !== 0x2a /* * */ && marker !== 0x5f /* _ */) return false;
  let end = state.pos;
  while (end < state.posMax && state.src.charCodeAt(end) === marker) end++;
  if (end - state.pos <= LONGEST_EMPHASIS_RUN) return false;
  if (!silent) state.pending += state.src.slice(state.pos, end);
  state.pos = end;
  return true;
}

function createRenderer(): MarkdownIt {
  const md = new MarkdownItCallable('default', { html: false, linkify: true, breaks: true, typographer: false });
  // The subset members write in: paragraphs, line breaks, emphasis, lists, quotes, code and links. A '#' or '---' a
  // member typed stays text, as it always did.
  md.disable(['table', 'strikethrough', 'heading', 'lheading', 'hr', 'image', 'reference']);
  md.linkify.set({ fuzzyLink: false, fuzzyEmail: false, fuzzyIP: false });
  md.linkify.add('ftp:', null).add('//', null);
  md.validateLink = isAllowedMemberLink;
  md.inline.ruler.after('linkify', 'mention', mention);
  md.inline.ruler.before('emphasis', 'long_delimiter_run', longDelimiterRun);
  const defaultLinkOpen = md.renderer.rules.link_open;
  md.renderer.rules.link_open = (tokens, index, options, env, self) => {
    const token = tokens[index]!;
    if (isExternal(String(token.attrGet('href') ?? ''))) {
      token.attrSet('target', MEMBER_LINK_TARGET);
      token.attrSet('rel', MEMBER_LINK_REL);
    }
    return defaultLinkOpen
      ? defaultLinkOpen(tokens, index, options, env, self)
      : self.renderToken(tokens, index, options);
  };
  return md;
}

const markdown = createRenderer();

/** The words of parsed Markdown without its marks: blocks apart by a blank line, list items on lines of their own. */
function plainTextOf(tokens: Token[]): string {
  let out = '';
  const lists: number[] = []; // the next number of each open list; 0 for a bulleted one
  for (const token of tokens) {
    switch (token.type) {
      case 'inline':
        for (const child of token.children ?? []) {
          if (child.type === 'text' || child.type === 'code_inline') out += child.content;
          else if (child.type === 'softbreak' || child.type === 'hardbreak') out += '\n';
        }
        break;
      case 'paragraph_close':
        out += token.hidden ? '\n' : '\n\n';
        break;
      case 'code_block':
      case 'fence':
        out += `${token.content}\n`;
        break;
      case 'bullet_list_open':
        lists.push(0);
        break;
      case 'ordered_list_open':
        lists.push(Number(token.attrGet('start') ?? 1));
        break;
      case 'bullet_list_close':
      case 'ordered_list_close':
        lists.pop();
        out += '\n';
        break;
      case 'list_item_open': {
        const next = lists[lists.length - 1] ?? 0;
        if (!out.endsWith('\n') && out) out += '\n';
        out += next > 0 ? `${next}. ` : '- ';
        if (next > 0) lists[lists.length - 1] = next + 1;
        break;
      }
    }
  }
  return out
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * Renders what a member wrote. Raw HTML shows as text, links go only to http, https, mailto or this site (the rest
 * stay text), links out open in a new tab with `rel="noopener noreferrer nofollow ugc"`, and an @name links to the
 * profile when `mentions` holds it.
 */
export function renderMemberText(source: string, mentions: readonly Mention[] = []): RenderedMemberText {
  const env: RenderEnv = { members: new Map(mentions.map((m) => [m.handle.toLowerCase(), m])) };
  const tokens = markdown.parse(source, env);
  return { html: markdown.renderer.render(tokens, markdown.options, env), text: plainTextOf(tokens) };
}

/** The plain text of what a member wrote (search, previews, meta descriptions, emails). */
export function memberPlainText(source: string): string {
  return plainTextOf(markdown.parse(source, { members: new Map() } satisfies RenderEnv));
}
