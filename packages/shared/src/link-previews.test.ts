import { describe, expect, it } from 'vitest';
import { previewLinksOf, previewKey } from './link-previews.js';

describe('previewLinksOf', () => {
  it('takes the first 3 distinct http(s) links, written or bare, in order', () => {
    const text =
      'See [the manual](https://a.example/manual#page-4), https://a.example/manual and ' +
      'http://b.example/x. Also https://c.example/y then https://d.example/z';
    expect(previewLinksOf(text)).toEqual(['https://a.example/manual', 'http://b.example/x', 'https://c.example/y']);
  });

  it('ignores other schemes and text that only looks like an address', () => {
    expect(previewLinksOf('javascript:alert(1) [x](ftp://a.example) www.example.com mailto:a@b.co')).toEqual([]);
  });

  it('keys a link without its fragment', () => {
    expect(previewKey('https://a.example/p?q=1#top')).toBe('https://a.example/p?q=1');
    expect(previewKey('file:///etc/passwd')).toBeNull();
  });
});
