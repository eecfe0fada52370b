import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { SORTS, STATUS_FILTERS, type PostList } from '@fenestra/shared';
import { createTestApp, type TestApp } from './helpers.js';
import { get, insertPost, sqlQuery } from './post-fixtures.js';

// A tag page's list reads a tag on few posts from its posts and a tag on many from the list's order, and the public
// lists name their statuses as literals (decision 040, amendment of session 25): every list is the public posts of
// its filter and topic in its order, page after page across ties, and a tag's list those that carry the tag.

const base = Date.parse('2026-03-01T12:00:00Z');
const STATUSES = ['open', 'solved', 'open', 'pending', 'solved', 'denied'] as const;
const TOPICS = ['windows', 'doors'] as const;

/** Every page of a list, walked by its cursors: the ids in order, and the totals each page gave. */
async function walk(t: TestApp, query: string): Promise<{ ids: string[]; totals: number[] }> {
  const ids: string[] = [];
  const totals: number[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 20; page++) {
    const res = await get(t, `/api/posts?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.statusCode).toBe(200);
    const list = res.json() as PostList;
    ids.push(...list.posts.map((p) => p.id));
    totals.push(list.total);
    cursor = list.nextCursor;
    if (!cursor) return { ids, totals };
  }
  throw new Error(`${query}: more than 20 pages`);
}

describe("the public lists, and a tag's whether the tag is on few posts or many", () => {
  let t: TestApp;
  /** Each post's tags, by id. */
  const tagsOf = new Map<string, string[]>();
  /** Each post as seeded. */
  const seeded: {
    id: string;
    topic: string;
    status: string;
    at: number;
    votes: number;
    bookmarks: number;
    replies: number;
  }[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    // 60 posts, 40 of them public: times, votes, bookmarks and replies repeat, so every order has ties.
    for (let n = 0; n < 60; n++) {
      const seed = {
        topic: TOPICS[n % 2]!,
        status: STATUSES[n % STATUSES.length]!,
        at: base - Math.floor(n / 4) * 60_000,
        votes: n % 3,
        bookmarks: n % 2,
        replies: Math.floor(n / 7) % 2,
      };
      const id = await insertPost(t, { ...seed, title: `Tagged question ${n}`, createdAt: new Date(seed.at) });
      seeded.push({ id, ...seed });
      // 'Wide' on every post (on many: 60 rows past √(32 × 40)), in two cases; 'narrow' on seven, 'middle' on 24.
      const tags = [n % 5 === 0 ? 'WIDE' : 'wide'];
      if (n % 9 === 0) tags.push('narrow');
      if (n % 5 < 2) tags.push(n % 2 ? 'Middle' : 'middle');
      for (const tag of tags) await sqlQuery(t, 'INSERT INTO post_tags (post_id, tag) VALUES ($1, $2)', [id, tag]);
      tagsOf.set(id, tags);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const cases = SORTS.flatMap((sort) =>
    STATUS_FILTERS.flatMap((filter) => [null, 'doors'].map((topic) => ({ sort, filter, topic }))),
  );
  it.each(cases)('sort $sort, filter $filter, topic $topic', async ({ sort, filter, topic }) => {
    const query = `sort=${sort}&filter=${filter}${topic ? `&topic=${topic}` : ''}`;
    const all = await walk(t, query);
    // The public list itself, in its order: every key descending ('unsolved': open first), ties by id.
    const keys = (p: (typeof seeded)[number]): (number | string)[] =>
      sort === 'recent'
        ? [p.at, p.id]
        : sort === 'votes'
          ? [p.votes, p.at, p.id]
          : sort === 'popular'
            ? [p.votes, p.bookmarks, p.replies, p.at, p.id]
            : [p.status === 'open' ? 1 : 0, p.at, p.id];
    const byKeys = (a: (typeof seeded)[number], b: (typeof seeded)[number]) => {
      const [ka, kb] = [keys(a), keys(b)];
      for (let k = 0; k < ka.length; k++) if (ka[k] !== kb[k]) return ka[k]! < kb[k]! ? 1 : -1;
      return 0;
    };
    const statuses = filter === 'solved' ? ['solved'] : filter === 'unsolved' ? ['open'] : ['open', 'solved'];
    const publicList = seeded
      .filter((p) => statuses.includes(p.status) && (!topic || p.topic === topic))
      .sort(byKeys)
      .map((p) => p.id);
    expect(all.ids).toEqual(publicList);
    expect(new Set(all.totals)).toEqual(new Set([publicList.length]));
    for (const tag of ['wide', 'Narrow', 'middle', 'nothing']) {
      const expected = all.ids.filter((id) => tagsOf.get(id)!.some((held) => held.toLowerCase() === tag.toLowerCase()));
      const listed = await walk(t, `${query}&tag=${tag}`);
      expect(listed.ids).toEqual(expected);
      expect(new Set(listed.totals)).toEqual(new Set([expected.length]));
    }
  });

  it('pages through more than one page of a tag on many posts', async () => {
    const listed = await walk(t, 'sort=recent&filter=all&tag=wide');
    expect(listed.ids).toHaveLength(40);
    expect(listed.totals).toEqual([40, 40]);
  });
});
