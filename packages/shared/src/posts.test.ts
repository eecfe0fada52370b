import { describe, it, expect } from 'vitest';
import { previewOf, metaDescriptionOf, formatDuration, parseFilter, parseSort, parseTopic } from './posts.js';
import { confidenceLevel } from './detection.js';
import { tagAddError } from './tags.js';
import { usernameFromEmail } from './auth.js';
import { MSG } from './messages.js';

describe('shared rules', () => {
  it('cuts a preview at 200 characters plus an ellipsis, without a dangling line break', () => {
    expect(previewOf('a'.repeat(200))).toBe('a'.repeat(200));
    expect(previewOf('a'.repeat(201))).toBe(`${'a'.repeat(200)}...`);
    expect(previewOf(`${'a'.repeat(199)}\nmore text`)).toBe(`${'a'.repeat(199)}...`);
  });

  it('cuts a meta description at 157 characters plus ...', () => {
    expect(metaDescriptionOf('x'.repeat(157))).toHaveLength(157);
    expect(metaDescriptionOf('x'.repeat(158))).toBe(`${'x'.repeat(157)}...`);
    expect(metaDescriptionOf('two\n\nlines')).toBe('two lines');
  });

  it('colours confidence: 0.8 green, 0.6 yellow, below red, none grey', () => {
    expect([0.8, 0.79, 0.6, 0.59, null].map(confidenceLevel)).toEqual(['high', 'medium', 'medium', 'low', 'none']);
  });

  it('writes durations as m:ss', () => {
    expect([0, 9, 75, 299.6].map(formatDuration)).toEqual(['0:00', '0:09', '1:15', '5:00']);
  });

  it('checks a tag as it is added', () => {
    expect(tagAddError('  ', [])).toBe(MSG.tagEmpty);
    expect(tagAddError('a', [])).toBe(MSG.tagLength);
    expect(tagAddError('x'.repeat(31), [])).toBe(MSG.tagLength);
    expect(tagAddError('Hinge', ['hinge'])).toBe(MSG.tagDuplicate);
    expect(tagAddError('new', ['a1', 'b1', 'c1', 'd1', 'e1'])).toBe(MSG.tagsMax);
    expect(tagAddError('sash-lock 2', [])).toBeNull();
  });

  it('reads list parameters, anything unknown meaning the default', () => {
    expect([parseFilter('solved'), parseFilter('unsolved'), parseFilter('open'), parseFilter(undefined)]).toEqual([
      'solved',
      'unsolved',
      'all',
      'all',
    ]);
    expect([parseSort('votes'), parseSort('nope')]).toEqual(['votes', 'recent']);
    expect([parseTopic('glazing'), parseTopic('roofs')]).toEqual(['glazing', null]);
  });

  it('makes a username from an email: lower-cased, other characters to -, padded to 3, cut to 30', () => {
    expect(usernameFromEmail('Jane.Doe+x@example.com')).toBe('jane-doe-x');
    expect(usernameFromEmail('a@example.com')).toBe('a00');
    expect(usernameFromEmail(`${'b'.repeat(40)}@example.com`)).toBe('b'.repeat(30));
  });
});
