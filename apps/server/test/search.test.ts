import { brotliDecompressSync } from 'node:zlib';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { MSG, type SearchResults } from '@fenestra/shared';
import { createTestApp, signUpMember, type TestApp } from './helpers.js';
import { get, insertPost, makeStaff, post, sqlQuery } from './post-fixtures.js';

const DESCRIPTION = 'Long enough description of the problem so that the post is realistic and readable.';
const search = async (t: TestApp, query: string, cookie?: string): Promise<SearchResults> => {
  const res = await get(t, `/api/search?${query}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const q = (text: string, extra = '') => `q=${encodeURIComponent(text)}${extra}`;
const titles = (r: SearchResults) => r.results.map((x) => x.post.title);

describe('search', () => {
  let t: TestApp;
  let member: Awaited<ReturnType<typeof signUpMember>>;
  let staff: Awaited<ReturnType<typeof signUpMember>>;
  let crankId: string;

  beforeAll(async () => {
    t = await createTestApp();
    member = await signUpMember(t.app);
    staff = await signUpMember(t.app);
    await makeStaff(t, staff.me.id);
    crankId = await insertPost(t, {
      title: 'Casement window operator crank handle stripped',
      status: 'solved',
      description:
        'The crank handle spins but the casement window does not open. Splines look worn on the operator shaft.',
    });
    await insertPost(t, {
      title: 'Sliding patio door roller replacement',
      topic: 'doors',
      description: 'The patio door drags along the track; the rollers under the panel are flat on one side and noisy.',
    });
    await insertPost(t, {
      title: 'Screen door <spline> keeps popping out',
      topic: 'screens',
      description: 'Which spline size do I need for an aluminium screen frame? The old rubber cord is brittle.',
    });
    const labelled = await insertPost(t, {
      title: 'Which hinge is this on my uPVC door?',
      topic: 'doors',
      description: 'Flag hinge on a uPVC door, stamped with a code on the leaf, and it sags at the top corner.',
    });
    await sqlQuery(
      t,
      `INSERT INTO post_images (post_id, image_url, display_order, visible_text) VALUES ($1, '/media/x.jpg', 0, 'ROTO 23.10.00 TH23')`,
      [labelled],
    );
    await insertPost(t, {
      title: 'Secret pending question about a zebrawood sash',
      status: 'pending',
      userId: member.me.id,
      description: DESCRIPTION,
    });
    await insertPost(t, {
      title: 'Denied question about a quartzite sill',
      status: 'denied',
      description: DESCRIPTION,
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('finds a post by its words, ranked, with highlighted title and preview segments', async () => {
    const r = await search(t, q('crank handle'));
    expect(titles(r)[0]).toBe('Casement window operator crank handle stripped');
    expect(r.total).toBe(1);
    expect(r.totalCapped).toBe(false);
    const [first] = r.results;
    expect(first!.title.map((s) => s.text).join('')).toBe('Casement window operator crank handle stripped');
    expect(first!.title.filter((s) => s.match).map((s) => s.text)).toEqual(['crank', 'handle']);
    expect(first!.preview.filter((s) => s.match).map((s) => s.text.toLowerCase())).toEqual(['crank', 'handle']);
    expect(first!.post.id).toBe(crankId);
  });

  it('stems words and treats the last word as a prefix', async () => {
    expect(titles(await search(t, q('operators'))).length).toBe(1);
    expect(titles(await search(t, q('casement oper')))).toEqual(['Casement window operator crank handle stripped']);
    expect(titles(await search(t, q('pati')))).toEqual(['Sliding patio door roller replacement']);
  });

  it("finds part numbers and brand codes exactly, also in a photo's visible text", async () => {
    expect(titles(await search(t, q('23.10.00')))).toEqual(['Which hinge is this on my uPVC door?']);
    expect(titles(await search(t, q('TH23')))).toEqual(['Which hinge is this on my uPVC door?']);
  });

  it('corrects misspelt words to the nearest words of public posts and says what it meant', async () => {
    const r = await search(t, q('casment crank handel'));
    expect(titles(r)[0]).toBe('Casement window operator crank handle stripped');
    expect(r.didYouMean).toBe('casement crank handle');
  });

  it('corrects a single misspelt word, two of its letters swapped, and says what it meant', async () => {
    // A short word with two letters swapped shares too few trigrams with the word it means ('hnige', 'hinge': 0.2).
    const r = await search(t, q('hnige'));
    expect(titles(r)).toEqual(['Which hinge is this on my uPVC door?']);
    expect(r.didYouMean).toBe('hinge');
    expect((await search(t, q('crnak'))).didYouMean).toBe('crank');
  });

  it('reads syntax as plain text: <spline> finds spline, and member text keeps its brackets', async () => {
    const r = await search(t, q('<spline>'));
    expect(titles(r)).toContain('Screen door <spline> keeps popping out');
    const hit = r.results.find((x) => x.post.title.startsWith('Screen door'))!;
    expect(hit.title).toEqual([
      { text: 'Screen door <', match: false },
      { text: 'spline', match: true },
      { text: '> keeps popping out', match: false },
    ]);
    expect(titles(await search(t, q('"spline" & !(rubber) | cord:*')))).toEqual([
      'Screen door <spline> keeps popping out',
    ]);
  });

  it('says Found N for 1 to 1,000 and 1,000+ past that, 20 a page with a cursor', async () => {
    await sqlQuery(
      t,
      `INSERT INTO posts (topic, title, description, status)
      SELECT 'misc', 'Weatherstrip question number ' || g, $1, 'open' FROM generate_series(1, 1001) g`,
      [DESCRIPTION],
    );
    const first = await search(t, q('weatherstrip'));
    expect(first.total).toBe(1000);
    expect(first.totalCapped).toBe(true);
    expect(first.results).toHaveLength(20);
    const second = await search(t, q('weatherstrip', `&cursor=${first.nextCursor}`));
    expect(second.results).toHaveLength(20);
    const ids = new Set([...first.results, ...second.results].map((x) => x.post.id));
    expect(ids.size).toBe(40);
    expect((await get(t, `/api/search?${q('weatherstrip')}&cursor=nonsense`)).statusCode).toBe(400);
    // A page as a browser asks for it: compressed in one call (its length known), not through a stream.
    const compressed = await t.app.inject({
      method: 'GET',
      url: `/api/search?${q('weatherstrip')}`,
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(Number(compressed.headers['content-length'])).toBe(compressed.rawPayload.length);
    expect((JSON.parse(brotliDecompressSync(compressed.rawPayload).toString()) as SearchResults).results).toHaveLength(
      20,
    );
  });

  it('ranks the newest 250 matches of a common word first, then the rest of the newest 1,001, read since a day or, when too few are there, from all', async () => {
    // 4,200 recent posts with 'mullion', one an hour, and 4,200 older ones with 'transom': the statistics
    // expect either word in half the forum, so both searches first look among the newest posts only.
    for (const [word, hoursAgo] of [
      ['Mullion', 0],
      ['Transom', 4200],
    ] as const) {
      await sqlQuery(
        t,
        `INSERT INTO posts (topic, title, description, status, created_at)
        SELECT 'windows', $1 || ' question ' || g, 'Short text.', 'open', now() - ((g + $2) || ' hours')::interval
        FROM generate_series(1, 4200) g`,
        [word, hoursAgo],
      );
    }
    await sqlQuery(t, 'ANALYZE post_search');
    const newest = async (word: string) =>
      (
        await sqlQuery<{ id: string }>(
          t,
          `SELECT id FROM posts WHERE title LIKE $1
      ORDER BY created_at DESC, id DESC LIMIT 1001`,
          [`${word} question %`],
        )
      ).rows.map((r) => r.id);

    // Every page of 'mullion': the newest 1,001, each once; the newest 250 first, then the others, each best first.
    const seen: string[] = [];
    let ranks: number[] = [];
    let cursor: string | null = null;
    do {
      const page: SearchResults = await search(t, q('mullion', cursor ? `&cursor=${cursor}` : ''));
      expect([page.total, page.totalCapped]).toEqual([1000, true]);
      seen.push(...page.results.map((r) => r.post.id));
      ranks = [...ranks, ...page.results.map((r) => r.rank)];
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(1001);
    const newestMullion = await newest('Mullion');
    expect(new Set(seen)).toEqual(new Set(newestMullion));
    expect(new Set(seen.slice(0, 250))).toEqual(new Set(newestMullion.slice(0, 250)));
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));

    // None of the newest posts has 'transom': the search runs again over every match.
    const transom = await search(t, q('transom'));
    expect([transom.total, transom.totalCapped]).toEqual([1000, true]);
    const newestTransom = new Set(await newest('Transom'));
    expect(transom.results.every((r) => newestTransom.has(r.post.id))).toBe(true);

    // Words ANDed are counted among the newest posts first ('question' is in every post): 1,001 'mullion' there,
    // no 'transom' (counted again from all).
    for (const words of ['mullion question', 'transom question']) {
      const page = await search(t, q(words));
      expect([words, page.total, page.totalCapped]).toEqual([words, 1000, true]);
    }
  });

  it('filters by topic and status', async () => {
    expect(titles(await search(t, q('door', '&topic=screens')))).toEqual(['Screen door <spline> keeps popping out']);
    expect(titles(await search(t, q('crank', '&status=open')))).toEqual([]);
    expect(titles(await search(t, q('crank', '&status=solved')))).toEqual([
      'Casement window operator crank handle stripped',
    ]);
    // A post moved to another topic is found there at once.
    await sqlQuery(t, `UPDATE posts SET topic = 'glazing' WHERE title = 'Sliding patio door roller replacement'`);
    expect(titles(await search(t, q('patio', '&topic=glazing')))).toEqual(['Sliding patio door roller replacement']);
    expect(titles(await search(t, q('patio', '&topic=doors')))).toEqual([]);
    await sqlQuery(t, `UPDATE posts SET topic = 'doors' WHERE title = 'Sliding patio door roller replacement'`);
  });

  it('never shows pending or denied posts to visitors or members, their authors included', async () => {
    for (const cookie of [undefined, member.cookie]) {
      expect((await search(t, q('zebrawood'), cookie)).total).toBe(0);
      expect((await search(t, q('quartzite'), cookie)).total).toBe(0);
      // Their words are not suggestions either.
      expect((await search(t, q('zebrawod'), cookie)).didYouMean).toBeNull();
      expect((await search(t, q('quartzit'), cookie)).didYouMean).toBeNull();
    }
  });

  it('lets staff search pending and denied posts; members get 403 and visitors 401', async () => {
    expect((await get(t, `/api/search?${q('zebrawood')}&status=pending`)).statusCode).toBe(401);
    expect((await get(t, `/api/search?${q('quartzite')}&status=denied`)).statusCode).toBe(401);
    expect((await get(t, `/api/search?${q('zebrawood')}&status=pending`, member.cookie)).statusCode).toBe(403);
    expect((await get(t, `/api/search?${q('zebrawood')}&status=denied`, member.cookie)).statusCode).toBe(403);
    expect(titles(await search(t, q('zebrawood', '&status=pending'), staff.cookie))).toEqual([
      'Secret pending question about a zebrawood sash',
    ]);
    expect(titles(await search(t, q('quartzite', '&status=denied'), staff.cookie))).toEqual([
      'Denied question about a quartzite sill',
    ]);
  });

  it('refuses blank text and text past 500 characters with the product messages', async () => {
    for (const text of ['', '   ']) {
      const res = await get(t, `/api/search?${q(text)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MSG.searchBlank);
    }
    expect((await get(t, '/api/search')).json().message).toBe(MSG.searchBlank);
    const long = await get(t, `/api/search?${q('a'.repeat(501))}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Search text must be less than 500 characters');
    expect((await get(t, `/api/search?${q('hinge '.repeat(83) + 'ab')}`)).statusCode).toBe(200);
  });

  it('never answers 5xx to any Unicode or query syntax, 1 to 500 characters', async () => {
    const syntax = ['&', '|', '!', '(', ')', ':', '*', "'", '"', '\\', '<', '>'];
    const samples = [
      ...syntax,
      syntax.join(''),
      syntax.join(' '),
      ...syntax.map((c) => `hinge${c}`),
      ...syntax.map((c) => `${c}hinge${c}`),
      "crank:* & 'handle",
      '!!!',
      '((()))',
      "''",
      '\\\\',
      '<->',
      'a <-> b',
      'x:A',
      'hinge:*B',
      '%_%',
      "'; DROP TABLE posts; --",
      'ünïcödé façade',
      'ガラス 窓',
      '🪟🚪🔧',
      '\u0000',
      '\u0001\u0002\u0003',
      'null',
      'undefined',
      '-',
      '—',
      '23.10.00:*',
      'the',
      'the a an of',
      'x'.repeat(500),
      '&'.repeat(500),
      'é'.repeat(500),
      '🪟'.repeat(250),
      'hinge '.repeat(83) + 'ab',
    ];
    // A deterministic mix of everything above: characters from every plane that matters.
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    const alphabet = [
      ...syntax,
      ' ',
      'a',
      'Z',
      '9',
      '.',
      '-',
      'ß',
      'ø',
      '中',
      '🔧',
      '\u200b',
      '\t',
      '%',
      '_',
      '$',
      '#',
    ];
    for (let i = 0; i < 40; i++) {
      const length = 1 + (next() % 120);
      samples.push(Array.from({ length }, () => alphabet[next() % alphabet.length]).join(''));
    }
    for (const text of samples) {
      const res = await get(t, `/api/search?${q(text)}`);
      expect(res.statusCode, `${JSON.stringify(text)}: ${res.body}`).toBeLessThan(500);
    }
  });

  it('keeps saving replies on a post whose thread is past 1 MB, and searches its first replies', async () => {
    const thread = await insertPost(t, {
      title: 'Very long thread about glazing putty',
      topic: 'glazing',
      description: DESCRIPTION,
    });
    // 260 replies of ~4,500 characters: over 1 MB of text, written as one statement.
    await sqlQuery(
      t,
      `INSERT INTO replies (post_id, content, created_at)
      SELECT $1, 'Reply ' || g || ' ' || repeat(md5(g::text) || ' linseed ', 100), now() + (g || ' seconds')::interval
      FROM generate_series(1, 260) g`,
      [thread],
    );
    const { rows } = await sqlQuery<{ bytes: number }>(
      t,
      `SELECT sum(length(content))::int AS bytes FROM replies WHERE post_id = $1`,
      [thread],
    );
    expect(rows[0]!.bytes).toBeGreaterThan(1024 * 1024);
    // The next reply goes through the replies API, as a member writes it.
    const res = await post(t, `/api/posts/${thread}/replies`, member.cookie, {
      content: 'One more reply about glazing sprigs and putty.',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await sqlQuery(t, 'SELECT count(*)::int AS n FROM replies WHERE post_id = $1', [thread])).rows[0]!.n).toBe(
      261,
    );
    // Reply text is searchable (weight C), from the first replies.
    expect(titles(await search(t, q('linseed')))).toEqual(['Very long thread about glazing putty']);
  });

  it('keeps documents and counts with an empty search_path, as a restore runs', async () => {
    const client = await t.app.services.database.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`SET LOCAL search_path = ''`);
      const { rows } = await client.query<{ id: string }>(
        `INSERT INTO public.posts (topic, title, description, status)
        VALUES ('windows', 'Restored question about a tilt latch', $1, 'open') RETURNING id`,
        [DESCRIPTION],
      );
      const id = rows[0]!.id;
      await client.query(`INSERT INTO public.post_tags (post_id, tag) VALUES ($1, 'pella')`, [id]);
      await client.query(
        `INSERT INTO public.replies (post_id, content) VALUES ($1, 'Try a keeper from the same series.')`,
        [id],
      );
      await client.query(`UPDATE public.posts SET status = 'solved' WHERE id = $1`, [id]);
      await client.query('COMMIT');
    } catch (e) {
      await client.query('ROLLBACK');
      throw e;
    } finally {
      client.release();
    }
    expect(titles(await search(t, q('tilt latch pella keeper')))).toEqual(['Restored question about a tilt latch']);
  });
});
