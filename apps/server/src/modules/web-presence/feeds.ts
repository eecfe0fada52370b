import { Feed } from 'feed';
import { FEED_PATHS, TOPIC_LABELS, canonicalPostPath, type FeedFormat, type Topic } from '@fenestra/shared';
import type { Db } from '../../db/client.js';
import { plainText } from '../../lib/plain-text.js';
import type { FeedPostRow } from './repo.js';
import * as repo from './repo.js';

/** How many questions a feed carries. */
export const FEED_ITEMS = 30;

export type FeedOf =
  | { kind: 'latest' }
  | { kind: 'topic'; topic: Topic }
  | { kind: 'tag'; tag: string }
  | { kind: 'part'; key: string; number: string; postIds: string[] };

/** A feed's title, with the site's name as its settings give it (issue 30). */
export function feedTitle(of: FeedOf, site: string): string {
  switch (of.kind) {
    case 'latest':
      return `${site}: latest questions`;
    case 'topic':
      return `${site}: ${TOPIC_LABELS[of.topic]} questions`;
    case 'tag':
      return `${site}: questions tagged ${of.tag}`;
    case 'part':
      return `${site}: questions about part ${of.number}`;
  }
}

const pathOf = (of: FeedOf, format: FeedFormat) =>
  of.kind === 'latest'
    ? FEED_PATHS.latest(format)
    : of.kind === 'topic'
      ? FEED_PATHS.topic(of.topic, format)
      : of.kind === 'tag'
        ? FEED_PATHS.tag(of.tag, format)
        : FEED_PATHS.part(of.key, format);

/** The page a feed is about. */
const pageOf = (of: FeedOf) =>
  of.kind === 'latest'
    ? '/'
    : of.kind === 'topic'
      ? `/?topic=${of.topic}`
      : of.kind === 'tag'
        ? `/tags/${encodeURIComponent(of.tag)}`
        : `/parts/${encodeURIComponent(of.key)}`;

/** An RSS 2.0 or Atom 1.0 feed of the latest public questions it covers, written by the feed library. */
export async function writeFeed(
  db: Db,
  publicUrl: string,
  of: FeedOf,
  format: FeedFormat,
  site: string,
): Promise<string> {
  const rows: FeedPostRow[] = await repo.feedPosts(
    db,
    of.kind === 'topic'
      ? { topic: of.topic }
      : of.kind === 'tag'
        ? { tag: of.tag }
        : of.kind === 'part'
          ? { ids: of.postIds }
          : {},
    FEED_ITEMS,
  );
  const self = `${publicUrl}${pathOf(of, format)}`;
  const feed = new Feed({
    title: feedTitle(of, site),
    description: 'Questions and answers about window, door, screen and glazing hardware',
    id: `${publicUrl}${pageOf(of)}`,
    link: `${publicUrl}${pageOf(of)}`,
    language: 'en',
    copyright: `${site} and its members`,
    updated: rows[0] ? new Date(rows[0].updated_at) : new Date(0),
    feedLinks: { [format]: self },
  });
  for (const row of rows) {
    const url = `${publicUrl}${canonicalPostPath(row.id, row.title)}`;
    const text = plainText(row.description);
    feed.addItem({
      title: row.title,
      id: url,
      link: url,
      description: text.length > 300 ? `${text.slice(0, 297).trimEnd()}...` : text,
      date: new Date(row.created_at),
      author: [{ name: row.username ?? 'unknown' }],
      category: [{ name: TOPIC_LABELS[row.topic as Topic] ?? row.topic }],
    });
  }
  return format === 'rss' ? feed.rss2() : feed.atom1();
}
