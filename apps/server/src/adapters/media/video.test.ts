import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { readVideoDuration } from './video.js';

const fixture = (name: string) => readFileSync(new URL(`../../../test/fixtures/${name}`, import.meta.url));

/** An ISO BMFF box: 32-bit size, four-letter type, payload. */
const box = (type: string, ...payload: Buffer[]) => {
  const body = Buffer.concat(payload);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
};
/** A box whose size field says whatever we want, payload as given. */
const lyingBox = (type: string, size: number, payload: Buffer) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(size, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, payload]);
};
/** A version-0 movie header: timescale and duration at bytes 12 and 16. */
const mvhd = (timescale: number, duration: number) => {
  const body = Buffer.alloc(100);
  body.writeUInt32BE(timescale, 12);
  body.writeUInt32BE(duration, 16);
  return box('mvhd', body);
};
const ftyp = box('ftyp', Buffer.from('isom\0\0\0\0isommp41', 'latin1'));
const mdat = box('mdat', Buffer.alloc(64, 7));
const mp4 = (...moov: Buffer[]) => Buffer.concat([ftyp, box('moov', ...moov), mdat]);

describe('reading a video duration from its container', () => {
  it('reads the committed clips: MP4, QuickTime and WebM', async () => {
    expect(await readVideoDuration(fixture('clip-2s.mp4'), 'video/mp4')).toBeCloseTo(2, 0);
    expect(await readVideoDuration(fixture('clip-2s.mov'), 'video/quicktime')).toBeCloseTo(2, 0);
    expect(await readVideoDuration(fixture('clip-2s.webm'), 'video/webm')).toBeCloseTo(2, 0);
    expect(await readVideoDuration(fixture('clip-301s.mp4'), 'video/mp4')).toBeGreaterThanOrEqual(300);
  });

  it('reads a minimal movie header', async () => {
    expect(await readVideoDuration(mp4(mvhd(1000, 2500)), 'video/mp4')).toBe(2.5);
  });

  it.each([
    ['clip-2s.mp4', 'video/mp4'],
    ['clip-2s.mov', 'video/quicktime'],
    ['clip-2s.webm', 'video/webm'],
  ])('refuses %s cut short anywhere', async (name, mime) => {
    const whole = fixture(name);
    const cuts = [
      0,
      1,
      8,
      15,
      16,
      17,
      64,
      Math.floor(whole.length / 4),
      Math.floor(whole.length / 2),
      whole.length - 100,
      whole.length - 1,
    ];
    for (const cut of cuts) {
      expect(await readVideoDuration(whole.subarray(0, cut), mime), `cut at ${cut} of ${whole.length}`).toBeNull();
    }
  });

  it.each([
    ['a box larger than the file', Buffer.concat([ftyp, lyingBox('moov', 0xffffffff, mvhd(1000, 2500)), mdat])],
    ['a box smaller than its own header', Buffer.concat([ftyp, lyingBox('moov', 4, mvhd(1000, 2500)), mdat])],
    [
      'a 64-bit size past any real file',
      Buffer.concat([ftyp, lyingBox('moov', 1, Buffer.from('ffffffffffffffff', 'hex')), mdat]),
    ],
    ['a 64-bit size cut short', Buffer.concat([ftyp, lyingBox('moov', 1, Buffer.from('0000', 'hex'))])],
    ['no media data', Buffer.concat([ftyp, box('moov', mvhd(1000, 2500))])],
    ['no movie', Buffer.concat([ftyp, mdat])],
    ['a movie header too short to hold a duration', mp4(box('mvhd', Buffer.alloc(12)))],
    ['a timescale of zero', mp4(mvhd(0, 2500))],
    ['a duration of zero', mp4(mvhd(1000, 0))],
    ['an unknown duration and no fragment header', mp4(mvhd(1000, 0xffffffff))],
    ['a child box running out of its parent', mp4(lyingBox('mvhd', 5000, Buffer.alloc(100)))],
    ['only zeros', Buffer.alloc(4096)],
    ['random bytes', Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 251))],
  ])('refuses an MP4 with %s', async (_what, data) => {
    expect(await readVideoDuration(data, 'video/mp4')).toBeNull();
  });

  it('reads a box that runs to the end of the file (size 0) as one', async () => {
    const toTheEnd = Buffer.concat([ftyp, box('moov', mvhd(600, 1200)), lyingBox('mdat', 0, Buffer.alloc(32))]);
    expect(await readVideoDuration(toTheEnd, 'video/mp4')).toBe(2);
  });

  it('refuses hostile WebM headers', async () => {
    const clip = fixture('clip-2s.webm');
    const zeroVint = Buffer.from(clip);
    zeroVint[4] = 0; // an EBML length with no marker bit
    const hugeHeader = Buffer.concat([clip.subarray(0, 4), Buffer.from('01ffffffffffffff', 'hex'), clip.subarray(5)]);
    const notEbml = Buffer.from(clip);
    notEbml[0] = 0;
    for (const data of [zeroVint, hugeHeader, notEbml, Buffer.from('1a45dfa3', 'hex'), Buffer.alloc(64)]) {
      expect(await readVideoDuration(data, 'video/webm')).toBeNull();
    }
  });
});
