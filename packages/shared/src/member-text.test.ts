import { describe, it, expect } from 'vitest';
import { formatHyperlink, hyperlinkSchema, isHttpUrl, mentionedNames, tokenizeMemberText } from './index.js';
import { MSG } from './messages.js';

describe('member text', () => {
  it('keeps plain text, including HTML, as one text token', () => {
    expect(tokenizeMemberText('<script>alert(1)</script> & <b>hi</b>')).toEqual([
      { kind: 'text', text: '<script>alert(1)</script> & <b>hi</b>' },
    ]);
    expect(tokenizeMemberText('')).toEqual([]);
  });

  it('turns [text](url) into a link only for http and https', () => {
    expect(tokenizeMemberText('See [the manual](https://example.com/a_(b)) now')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'the manual', url: 'https://example.com/a_(b)' },
      { kind: 'text', text: ' now' },
    ]);
    for (const bad of [
      '[x](javascript:alert(1))',
      '[x](data:text/html,hi)',
      '[x](ftp://example.com)',
      '[x](mailto:a@b.co)',
    ]) {
      expect(tokenizeMemberText(bad).every((t) => t.kind !== 'link')).toBe(true);
    }
  });

  it('links bare http(s) addresses without the punctuation that ends a sentence', () => {
    expect(tokenizeMemberText('Try https://example.com/part?id=4. Or http://a.co!')).toEqual([
      { kind: 'text', text: 'Try ' },
      { kind: 'link', text: 'https://example.com/part?id=4', url: 'https://example.com/part?id=4' },
      { kind: 'text', text: '. Or ' },
      { kind: 'link', text: 'http://a.co', url: 'http://a.co' },
      { kind: 'text', text: '!' },
    ]);
    expect(tokenizeMemberText('javascript:alert(1) www.example.com')).toEqual([
      { kind: 'text', text: 'javascript:alert(1) www.example.com' },
    ]);
  });

  it('finds @mentions not preceded by a letter, digit, @ or full stop', () => {
    expect(tokenizeMemberText('@sam_k, ask (@Jo-Ann) too')).toEqual([
      { kind: 'mention', text: '@sam_k', name: 'sam_k' },
      { kind: 'text', text: ', ask (' },
      { kind: 'mention', text: '@Jo-Ann', name: 'Jo-Ann' },
      { kind: 'text', text: ') too' },
    ]);
    for (const notOne of ['mail me at bob@example.com', 'x@@bob', 'see 4@bob', 'v1.@bob', '@ab is short']) {
      expect(tokenizeMemberText(notOne).some((t) => t.kind === 'mention')).toBe(false);
    }
  });

  it('lists each mentioned name once, lower-cased, and none inside links', () => {
    expect(mentionedNames('@Sam and @sam and @pat; [@lee](https://x.io/@lee) https://x.io/@kim')).toEqual([
      'sam',
      'pat',
    ]);
  });

  it('checks and writes the insert-hyperlink dialog', () => {
    expect(isHttpUrl('https://example.com')).toBe(true);
    expect(isHttpUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpUrl('example.com')).toBe(false);
    expect(hyperlinkSchema.safeParse({ text: '', url: 'ftp://x.y' }).error?.issues[0]?.message).toBe(
      MSG.invalidHttpUrl,
    );
    expect(formatHyperlink({ text: 'Parts [list]', url: 'https://example.com' })).toBe(
      '[Parts (list)](https://example.com)',
    );
    expect(formatHyperlink({ text: '  ', url: ' https://example.com ' })).toBe('https://example.com');
    const written = formatHyperlink({ text: 'Parts', url: 'https://example.com/x' });
    expect(tokenizeMemberText(written)).toEqual([{ kind: 'link', text: 'Parts', url: 'https://example.com/x' }]);
  });

  it('counts replies and caps the badge in SPEC words', () => {
    expect(MSG.replyCount(1)).toBe('1 Reply');
    expect(MSG.replyCount(0)).toBe('0 Replies');
    expect(MSG.badge(9)).toBe('9');
    expect(MSG.badge(10)).toBe('9+');
  });
});
