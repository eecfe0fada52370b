import { describe, expect, it } from 'vitest';
import { isAllowedMemberLink, memberPlainText, renderMemberText } from './member-markdown.js';

const OUT = 'target="_blank" rel="noopener noreferrer nofollow ugc"';
const bob = { handle: 'bob', userId: '00000000-0000-4000-8000-000000000001', username: 'Bob' };

// What members write in, and exactly what the page shows (issue 25 'Formatting').
const rendered: [string, string, string][] = [
  ['plain text stays a paragraph', 'Hello world', '<p>Hello world</p>\n'],
  ['a line break stays, a blank line starts a paragraph', 'one\ntwo\n\nthree', '<p>one<br>\ntwo</p>\n<p>three</p>\n'],
  ['bold and italic', '**bold**, *it* and _it_', '<p><strong>bold</strong>, <em>it</em> and <em>it</em></p>\n'],
  [
    'a numbered list',
    '1. Lift the sash\n2. Clean the track',
    '<ol>\n<li>Lift the sash</li>\n<li>Clean the track</li>\n</ol>\n',
  ],
  [
    'a numbered list keeps its first number',
    '3. three\n4. four',
    '<ol start="3">\n<li>three</li>\n<li>four</li>\n</ol>\n',
  ],
  ['a bulleted list', '- a\n* b', '<ul>\n<li>a</li>\n</ul>\n<ul>\n<li>b</li>\n</ul>\n'],
  ['a block quote', '> quoted\n> more', '<blockquote>\n<p>quoted<br>\nmore</p>\n</blockquote>\n'],
  ['inline code', 'turn `M4 x 20` in', '<p>turn <code>M4 x 20</code> in</p>\n'],
  ['a code block escapes what it holds', '```\n<b>x</b>\n```', '<pre><code>&lt;b&gt;x&lt;/b&gt;\n</code></pre>\n'],
  [
    'a written link opens in a new tab',
    '[the guide](https://example.com/g)',
    `<p><a href="https://example.com/g" ${OUT}>the guide</a></p>\n`,
  ],
  [
    'a bare address becomes a link, without its full stop',
    'see https://example.com/x.',
    `<p>see <a href="https://example.com/x" ${OUT}>https://example.com/x</a>.</p>\n`,
  ],
  ['a mailto link', '[mail](mailto:a@example.com)', `<p><a href="mailto:a@example.com" ${OUT}>mail</a></p>\n`],
  ['a link on this site stays in the tab', '[a question](/post/abc)', '<p><a href="/post/abc">a question</a></p>\n'],
  [
    'a member @name links to the profile, others stay text',
    'hi @bob, @carol and a@bob',
    '<p>hi <a href="/user/Bob">@bob</a>, @carol and a@bob</p>\n',
  ],
  ['an @name in code is code', '`@bob`', '<p><code>@bob</code></p>\n'],
  ['a heading mark stays text', '# Step 1', '<p># Step 1</p>\n'],
  ['a rule stays text', '---', '<p>---</p>\n'],
  ['a table stays text', 'a | b\n--|--', '<p>a | b<br>\n--|--</p>\n'],
  [
    'an image is not shown, its link is',
    '![p](https://example.com/p.png)',
    `<p>!<a href="https://example.com/p.png" ${OUT}>p</a></p>\n`,
  ],
  ['entities are text', '&lt;b&gt; &amp;', '<p>&lt;b&gt; &amp;</p>\n'],
  // Hostile input.
  ['raw HTML is text', '<script>alert(1)</script>', '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n'],
  ['an HTML attribute is text', '<img src=x onerror=alert(1)>', '<p>&lt;img src=x onerror=alert(1)&gt;</p>\n'],
  ['a javascript: link is text', '[x](javascript:alert(1))', '<p>[x](javascript:alert(1))</p>\n'],
  ['a javascript: link in any case is text', '[x](JaVaScRiPt:alert(1))', '<p>[x](JaVaScRiPt:alert(1))</p>\n'],
  ['a javascript: autolink is text', '<javascript:alert(1)>', '<p>&lt;javascript:alert(1)&gt;</p>\n'],
  ['a data: link is text', '[x](data:text/html,hi)', '<p>[x](data:text/html,hi)</p>\n'],
  ['a vbscript: link is text', '[x](vbscript:msgbox)', '<p>[x](vbscript:msgbox)</p>\n'],
  ['a link to another host without a scheme is text', '[x](//evil.example)', '<p>[x](//evil.example)</p>\n'],
  ['an ftp address is text', 'ftp://example.com/f', '<p>ftp://example.com/f</p>\n'],
  [
    'a quote in a link title is escaped',
    '[x](https://a.example "a\\"b")',
    `<p><a href="https://a.example" title="a&quot;b" ${OUT}>x</a></p>\n`,
  ],
  [
    'quotes 50 deep',
    `${'>'.repeat(50)} deep`,
    `${'<blockquote>\n'.repeat(50)}<p>deep</p>\n${'</blockquote>\n'.repeat(50)}`,
  ],
  ['100 KB of asterisks is text', '*'.repeat(100 * 1024), `<p>${'*'.repeat(100 * 1024)}</p>\n`],
  ['emphasis up to three marks deep still works', '***both***', '<p><em><strong>both</strong></em></p>\n'],
];

describe('renderMemberText: the HTML a member’s Markdown gives', () => {
  it.each(rendered)('%s', (_name, source, html) => {
    expect(renderMemberText(source, [bob]).html).toBe(html);
  });
});

describe('the plain text (search, previews, meta descriptions, emails)', () => {
  it.each([
    ['**bold** and [a link](https://example.com)', 'bold and a link'],
    ['1. one\n2. two\n\n- a\n- b', '1. one\n2. two\n\n- a\n- b'],
    ['> @bob wrote:\n> it sticks\n\nTry `oil`.', '@bob wrote:\nit sticks\n\nTry oil.'],
    ['<b>raw</b>', '<b>raw</b>'],
    ['line one\nline two\n\n\n\npara', 'line one\nline two\n\npara'],
  ])('%j -> %j', (source, text) => {
    expect(memberPlainText(source)).toBe(text);
    expect(renderMemberText(source).text).toBe(text);
  });
});

describe('isAllowedMemberLink', () => {
  it.each([
    ['https://example.com', true],
    ['http://example.com', true],
    ['mailto:a@example.com', true],
    ['/post/abc', true],
    ['#top', true],
    ['javascript:alert(1)', false],
    [' JAVASCRIPT:alert(1)', false],
    ['data:text/html,x', false],
    ['file:///etc/passwd', false],
    ['//evil.example', false],
    ['/\\evil.example', false],
  ])('%s -> %s', (url, allowed) => {
    expect(isAllowedMemberLink(url)).toBe(allowed);
  });
});
