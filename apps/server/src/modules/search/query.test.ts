import { describe, it, expect } from 'vitest';
import { editDistance, queryWords } from './query.js';

describe('query words', () => {
  it('drops quotes and backslashes, splits on tsquery syntax, lower-cases, keeps part numbers whole', () => {
    expect(queryWords(`Casement's <spline> "crank" & !(handle) | oper:* \\x 23.10.00`))
      .toEqual(['casements', 'spline', 'crank', 'handle', 'oper', 'x', '23.10.00']);
    expect(queryWords('  ')).toEqual([]);
  });
});

describe('edit distance', () => {
  it('counts a swapped pair once', () => {
    expect(editDistance('handel', 'handle')).toBe(1);
    expect(editDistance('handel', 'hand')).toBe(2);
    expect(editDistance('casment', 'casement')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
  });
});
