import { describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { deflateHead, gzipWithRest } from './stamped-gzip.js';

describe('a page compressed once, finished per answer', () => {
  const head = `<!doctype html><html><body><h1>Fenêtre à battants — “crank” 23.10.00</h1>${'<p>Casement operator strips its gear.</p>'.repeat(2_000)}`;

  it('is a gzip stream of the whole page, whatever its last bytes (gunzip checks its CRC and length)', () => {
    const kept = deflateHead(head);
    const long = `<p>${'é'.repeat(30_000)}</p>`;
    for (const rest of [
      '',
      '<template data-read-at="1795799549646.a1b2c3d4"></template>\n  </body>\n</html>\n',
      long,
    ]) {
      expect(gunzipSync(gzipWithRest(kept, rest)).toString()).toBe(head + rest);
    }
  });

  it('keeps the head compressed: an answer is far smaller than the page', () => {
    const kept = deflateHead(head);
    expect(kept.bytes).toBe(Buffer.byteLength(head));
    expect(gzipWithRest(kept, '</body>').length).toBeLessThan(kept.bytes / 20);
  });

  it('takes at most one stored block after the head', () => {
    expect(() => gzipWithRest(deflateHead(head), 'x'.repeat(65_536))).toThrow(RangeError);
  });

  it('is refused once a byte of it is wrong', () => {
    const whole = gzipWithRest(deflateHead(head), '</body>');
    // The stored CRC-32 (the trailer's first four bytes) no longer matches.
    whole[whole.length - 8]! ^= 1;
    expect(() => gunzipSync(whole)).toThrow();
  });
});
