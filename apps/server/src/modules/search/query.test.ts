import { describe, it, expect } from 'vitest';
import { editDistance, queryWords } from './query.js';
import { createdSince } from './repo.js';

describe('query words', () => {
  it('drops quotes and backslashes, splits on tsquery syntax, lower-cases, keeps part numbers whole', () => {
    expect(queryWords(`Casement's <spline> "crank" & !(handle) | oper:* \\x 23.10.00`)).toEqual([
      'casements',
      'spline',
      'crank',
      'handle',
      'oper',
      'x',
      '23.10.00',
    ]);
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

describe('created since a day', () => {
  it('covers the days to the end of the month, the months to the end of the year, then the years to next year', () => {
    const now = new Date(Date.UTC(2027, 1, 3));
    expect(createdSince('2026-11-28', now)).toBe(
      "'d20261128' | 'd20261129' | 'd20261130' | 'm202612' | 'y2027' | 'y2028'",
    );
    expect(createdSince('2026-12-01', now)).toBe("'m202612' | 'y2027' | 'y2028'");
    expect(createdSince('2027-02-27', now)).toBe(
      "'d20270227' | 'd20270228' | 'm202703' | 'm202704' | 'm202705' | 'm202706' | 'm202707' | 'm202708' | 'm202709' | 'm202710' | 'm202711' | 'm202712' | 'y2028'",
    );
  });
});
