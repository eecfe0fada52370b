import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { SearchResults } from '@fenestra/shared';
import { createTestApp, type TestApp } from './helpers.js';
import { get, insertPost } from './post-fixtures.js';

// Search snippets are the card's plain text (the Markdown renderer's), with the query's words marked: no '**', no
// link syntax, and what looks like HTML stays text in a segment.

const MARKDOWN = [
  'The shoe is a **Truth** 15-series, see [the Truth catalogue](https://example.com/truth-parts).',
  '',
  '1. Lift the sash',
  '2. Turn the `Truth` shoe <img src=x onerror=alert(1)> a quarter',
].join('\n');

describe('search snippets', () => {
  let t: TestApp;
  let postId: string;

  beforeAll(async () => {
    t = await createTestApp();
    postId = await insertPost(t, { title: 'Which Truth balance shoe is this?', description: MARKDOWN });
  });
  afterAll(async () => {
    await t.close();
  });

  const search = async (words: string): Promise<SearchResults> => {
    const res = await get(t, `/api/search?q=${encodeURIComponent(words)}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('shows the plain text of the Markdown, the matched words marked', async () => {
    const [result] = (await search('truth')).results;
    expect(result!.post.id).toBe(postId);
    const preview = result!.preview;
    expect(preview.map((s) => s.text).join('')).toBe(result!.post.preview);
    expect(preview.map((s) => s.text).join('')).toBe(
      'The shoe is a Truth 15-series, see the Truth catalogue.\n\n1. Lift the sash\n2. Turn the Truth shoe <img src=x onerror=alert(1)> a quarter',
    );
    expect(preview.filter((s) => s.match).map((s) => s.text)).toEqual(['Truth', 'Truth', 'Truth']);
    expect(result!.title.filter((s) => s.match).map((s) => s.text)).toEqual(['Truth']);
  });

  it('marks the forms of a word the query found (stemmed), whole words only', async () => {
    const [result] = (await search('shoes quartering')).results;
    expect(result!.post.id).toBe(postId);
    expect(result!.preview.filter((s) => s.match).map((s) => s.text)).toEqual(['shoe', 'shoe', 'quarter']);
    // 'shoe' inside another word is not marked.
    expect(result!.preview.some((s) => s.match && s.text !== s.text.trim())).toBe(false);
  });
});
