import { describe, expect, it } from 'vitest';
import { parseAllowList } from './allow-list.js';

describe('parseAllowList', () => {
  it('reads exact host:port pairs, lower-cased, IPv6 in brackets', () => {
    expect(parseAllowList('Pages.Test:8080, 127.0.0.1:3107 [::1]:9000')).toEqual(
      new Set(['pages.test:8080', '127.0.0.1:3107', '[::1]:9000']),
    );
    expect(parseAllowList(undefined)).toEqual(new Set());
  });

  it('refuses an entry without a port or with a bad one', () => {
    expect(parseAllowList('pages.test')).toBeNull();
    expect(parseAllowList('pages.test:0')).toBeNull();
    expect(parseAllowList('pages.test:70000')).toBeNull();
  });
});
