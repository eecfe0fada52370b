import { describe, expect, it } from 'vitest';
import { bendOf, minAreaRect } from './paddle-ocr.js';

/** The detector's pixels of a line 12 px thick and 200 long whose middle rises `rise` px at its centre. */
function band(rise: number): [number, number][] {
  const pixels: [number, number][] = [];
  for (let x = 0; x < 200; x++) {
    const t = (x - 100) / 100;
    const middle = 60 - rise * (1 - t * t);
    for (let y = Math.round(middle - 6); y < Math.round(middle + 6); y++) pixels.push([x, y]);
  }
  return pixels;
}

describe('a bent line', () => {
  it('is cut out along its arc: its middle follows the parabola and its thickness is the line’s, not the arc’s', () => {
    const pixels = band(30);
    const rect = minAreaRect(pixels);
    // The rectangle around the arc is as tall as the rise and the line together.
    expect(rect.height).toBeGreaterThan(38);
    const found = bendOf(pixels, rect);
    expect(found).not.toBeNull();
    expect(found!.thickness).toBeGreaterThan(10);
    expect(found!.thickness).toBeLessThan(15);
    const middle = (a: number) => found!.bend[0] + found!.bend[1] * a + found!.bend[2] * a * a;
    // The ends lie 30 px from the middle across the line, whichever way the rectangle's angle points.
    expect(Math.abs(middle(-95) - middle(0))).toBeGreaterThan(24);
    expect(Math.abs(middle(95) - middle(0))).toBeGreaterThan(24);
  });

  it('is not found in a straight line, nor in one that strays less than a third of its thickness', () => {
    const straight = band(0);
    expect(bendOf(straight, minAreaRect(straight))).toBeNull();
    const slight = band(3);
    expect(bendOf(slight, minAreaRect(slight))).toBeNull();
  });
});
