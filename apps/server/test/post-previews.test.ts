import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { SearchResults } from '@fenestra/shared';
import { ORIGIN, createTestApp, insertMember, type TestApp } from './helpers.js';
import { ask, askBody, get, insertPost, sqlQuery } from './post-fixtures.js';
import { fillPreviews, previewFrom, previewSourceIn } from '../src/modules/posts/previews.js';

// Card previews made once and kept (decision 050): a card drawn from a kept preview is the card drawn from its
// Markdown, and no card ever shows the preview of Markdown its post no longer has.
describe('kept card previews', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Search answers come from the database every time here, so each read below draws its cards again.
    t = await createTestApp({ SEARCH_CACHE: 'false' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const keptOf = async (postId: string) =>
    (await sqlQuery<{ preview: string }>(t, 'SELECT preview FROM post_previews WHERE post_id = $1', [postId])).rows[0]
      ?.preview ?? null;
  const search = async (q: string) => {
    const res = await get(t, `/api/search?q=${encodeURIComponent(q)}`);
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  const cardOf = (body: string, postId: string) =>
    (JSON.parse(body) as SearchResults).results.find((r) => r.post.id === postId)!.post;

  it('keeps the previews a read made, and draws the same cards from them, byte for byte', async () => {
    const descriptions = [
      'My **casement** crank is _stripped_; see [the operator](https://example.com/op) and `WD-40`.',
      `- casement hinge\n- about 15 years old\n\n${'The casement sash drops when opened. '.repeat(8)}`,
      `${'🪟'.repeat(150)} casement ${'x'.repeat(120)}`,
    ];
    const ids: string[] = [];
    for (const [i, description] of descriptions.entries())
      ids.push(await insertPost(t, { title: `Casement question number ${i + 1}`, description }));
    for (const id of ids) expect(await keptOf(id)).toBeNull();

    const fromScratch = await search('casement');
    await t.app.services.previews.written();
    for (const [i, id] of ids.entries()) {
      const expected = previewFrom(previewSourceIn(descriptions[i]!));
      expect(await keptOf(id)).toBe(expected);
      expect(cardOf(fromScratch, id).preview).toBe(expected);
    }
    expect(await search('casement')).toBe(fromScratch);

    // The kept row is what a card shows while it holds (a row changed by hand shows through)...
    await sqlQuery(t, `UPDATE post_previews SET preview = 'kept text' WHERE post_id = $1`, [ids[0]]);
    expect(cardOf(await search('casement'), ids[0]!).preview).toBe('kept text');
    // ...and never once the post's Markdown changed, whoever changed it.
    await sqlQuery(t, `UPDATE posts SET description = 'A **casement** lock, rewritten' WHERE id = $1`, [ids[0]]);
    expect(cardOf(await search('casement'), ids[0]!).preview).toBe('A casement lock, rewritten');
    await t.app.services.previews.written();
    expect(await keptOf(ids[0]!)).toBe('A casement lock, rewritten');

    await sqlQuery(t, 'DELETE FROM posts WHERE id = $1', [ids[1]]);
    expect(await keptOf(ids[1]!)).toBeNull();
  });

  it('keeps the previews of posts written around the app all at once, and only those that need one', async () => {
    const ids: string[] = [];
    for (const n of [1, 2, 3])
      ids.push(await insertPost(t, { title: `Imported question ${n}`, description: `Imported *sash* number ${n}` }));
    const db = t.app.services.database.db;
    expect(await fillPreviews(db, 2)).toBeGreaterThanOrEqual(3);
    for (const [i, id] of ids.entries()) expect(await keptOf(id)).toBe(`Imported sash number ${i + 1}`);
    expect(await fillPreviews(db, 2)).toBe(0);
  });

  it('keeps the preview of a question with it when it is asked and when its description is edited', async () => {
    const author = await insertMember(t, { username: 'preview-author' });
    const description = 'The **sash** balance snapped on one side; the [spiral](https://example.com/s) rod spins.';
    const asked = await ask(t, author.cookie, askBody({ description }));
    expect(asked.statusCode).toBe(201);
    const id = asked.json<{ id: string }>().id;
    expect(await keptOf(id)).toBe('The sash balance snapped on one side; the spiral rod spins.');

    const edited = 'Both **spiral** balances are gone now, and the sash will not stay up at all.';
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/posts/${id}`,
      headers: { origin: ORIGIN, cookie: author.cookie },
      payload: askBody({ description: edited, version: 1 }),
    });
    expect(res.statusCode).toBe(200);
    expect(await keptOf(id)).toBe('Both spiral balances are gone now, and the sash will not stay up at all.');
  });
});
