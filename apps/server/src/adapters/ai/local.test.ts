import { afterEach, describe, expect, it, vi } from 'vitest';
import sharp from 'sharp';
import { localProvider, sureness } from './local.js';
import type { PaddleOcr } from './paddle-ocr.js';

// The local provider's own time limit, with its reader and sentence model stood in for (the real models load in
// apps/server/test/ai-local.test.ts only) and the clock injected.
describe('local provider time limit', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers a timeout at its own limit, and reads the next photo only once the run past it has ended', async () => {
    const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#999' } })
      .png()
      .toBuffer();
    vi.useFakeTimers();
    let reads = 0;
    let finish!: () => void;
    let started!: () => void;
    const firstRead = new Promise<void>((resolve) => (started = resolve));
    const ocr: PaddleOcr = {
      read: async () => {
        reads++;
        started();
        if (reads === 1) await new Promise<void>((resolve) => (finish = resolve));
        return [];
      },
      reread: async () => [],
      load: async () => {},
      close: async () => {},
    };
    const encoder = { embed: async (texts: string[]) => texts.map(() => [1, 0]), close: async () => {} };
    const ai = localProvider({ ocr, encoder, timeLimitSeconds: 30 });
    const input = { image, title: 'Casement operator', description: '' };

    const first = ai.detect(input).catch((err: unknown) => err);
    const waiting = ai.detect(input).catch((err: unknown) => err);
    await firstRead;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await first).toMatchObject({ kind: 'timeout' });
    // The photo that waited behind it ran out of time too, and was never read.
    expect(await waiting).toMatchObject({ kind: 'timeout' });
    expect(reads).toBe(1);

    const next = ai.detect(input);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(reads).toBe(1);
    finish();
    expect(await next).toMatchObject({ object: null });
    // The first run's second read, then the next photo's two; none for the one that waited.
    expect(reads).toBe(4);
    await ai.close();
  });
});

describe('how sure a read character is', () => {
  it('is its lead over another reading, and over no character at all; O for 0 and case are no other reading', () => {
    // Read 0 at 0.7 with a 6 at 0.25: unsure however likely the 0 looked.
    expect(sureness({ char: '0', p: 0.7, margin: 0.45, others: [{ char: '6', p: 0.25 }] })).toBeLessThan(0.6);
    // A 1 at 0.63 (an I at 0.12 reads the same) where the recogniser half thought nothing was there.
    expect(sureness({ char: '1', p: 0.63, margin: 0.63, others: [{ char: 'I', p: 0.12 }] })).toBeLessThan(0.6);
    // A 0 that was nearly an O is sure.
    expect(sureness({ char: '0', p: 0.55, margin: 0.95, others: [{ char: 'O', p: 0.43 }] })).toBeGreaterThan(0.9);
    expect(sureness({ char: '7', p: 0.99, margin: 0.985, others: [{ char: '1', p: 0.005 }] })).toBeGreaterThan(0.95);
  });
});

describe('a sure part number read again from other cuts of its line', () => {
  const line = (text: string, p = 0.99) => ({
    text,
    chars: [...text].map((char) => ({ char, p, margin: p, others: [] })),
    confidence: p,
    box: { cx: 100, cy: 20, width: 180, height: 24, angle: 0 },
  });
  const detect = (first: string, cuts: string[]) =>
    detectWith(
      first,
      cuts.map((c) => line(c)),
    );
  const detectWith = async (first: string, cuts: ReturnType<typeof line>[]) => {
    const image = await sharp({ create: { width: 200, height: 40, channels: 3, background: '#999' } })
      .png()
      .toBuffer();
    const ocr: PaddleOcr = {
      read: async () => [line('DOOR STOP'), line(first)],
      reread: async () => cuts,
      load: async () => {},
      close: async () => {},
    };
    const encoder = { embed: async (texts: string[]) => texts.map(() => [1, 0]), close: async () => {} };
    const ai = localProvider({ ocr, encoder });
    const result = await ai.detect({ image, title: 'Need help identifying this', description: '' });
    await ai.close();
    return result.keyFeatures.filter((f) => f.startsWith('part no.'));
  };

  it('stays sure when the cuts read it alike, or one cut alone reads it otherwise', async () => {
    expect(await detect('PART No. WD-9262-Y', ['PART No. WD-9262-Y', 'ART No. WD-9262-Y', 'PART'])).toEqual([
      'part no. WD-9262-Y',
    ]);
    expect(await detect('1320555', ['1320555', '7320555', '1320555'])).toEqual(['part no. 1320555']);
  });

  it('is unsure when two cuts read another digit, a group the first read left out, or a character unsurely', async () => {
    // Both reads of the photo took the embossed 7 for a 1 surely; cuts of the line doubt it.
    expect(await detect('1320555', ['7320555', '7320555', '1320555'])).toEqual(['part no. ?320555 (unsure)']);
    // The bent label's last group fell outside the line's box; longer cuts find some of it.
    expect(await detect('PART No. WD 9262', ['PART No. WD 9262-Y', 'PART No. WD 9262-Y'])).toEqual([
      'part no. WD 9262 (unsure)',
    ]);
    const unsureLast = {
      ...line('1320555'),
      chars: [...'1320555'].map((char, i) => ({
        char,
        p: i === 6 ? 0.4 : 0.99,
        margin: i === 6 ? 0.3 : 0.99,
        others: [],
      })),
    };
    expect(await detectWith('1320555', [unsureLast, unsureLast, line('1320555')])).toEqual([
      'part no. 132055? (unsure)',
    ]);
  });
});
