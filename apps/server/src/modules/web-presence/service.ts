import { TOPICS, type FeedFormat, type TagCount, type Topic } from '@fenestra/shared';
import type { Db } from '../../db/client.js';
import type { MediaAddress } from '../../adapters/storage/storage.js';
import { JSON_TYPE, TAGS, type CachedBody, type PublicCache } from '../../cache/public-cache.js';
import type { PartsService } from '../parts/service.js';
import { writeFeed, type FeedOf } from './feeds.js';
import { pageDescriber, type SiteWords } from './pages.js';
import * as repo from './repo.js';
import { SITEMAP_SECTIONS, sitemaps, type SitemapSection } from './sitemaps.js';

export { withHead, withSite, type PageHead, type SiteHead } from './head.js';
export type { PageAnswer, PageDescriber, SiteWords } from './pages.js';

/** The protocol's limit of addresses in one sitemap page. */
export const SITEMAP_PAGE_SIZE = 50_000;
const TAGS_SHOWN = 500;

const XML = 'application/xml; charset=utf-8';
const FEED_TYPES: Record<FeedFormat, string> = {
  rss: 'application/rss+xml; charset=utf-8',
  atom: 'application/atom+xml; charset=utf-8',
};

/** Paths robots may not crawl: staff, sign-in, a member's own pages, search results, the API. */
const DISALLOWED = [
  '/admin',
  '/auth',
  '/settings',
  '/search',
  '/ask',
  '/my-posts',
  '/bookmarks',
  '/notifications',
  '/post/*/edit',
  '/api/',
];

/**
 * Found on the web (issue 27, decision 034): robots.txt, the sitemaps, the feeds, the tag counts and what each
 * page's address answers. Sitemaps, feeds and tag counts come from the public-read cache under `pages`, which
 * every post and reply change (and a part's) drops.
 */
export function webPresenceService(deps: {
  db: Db;
  parts: PartsService;
  media: MediaAddress;
  cache: PublicCache;
  publicUrl: string;
  /** Addresses per sitemap page (tests pass a small one). */
  sitemapPageSize?: number;
  /**
   * The site's name and description in force (the settings, once a reading after `settings.changed` is done: that
   * event empties the cache, and what is made again must carry the new name).
   */
  site: () => Promise<SiteWords>;
}) {
  const { db, parts, cache, publicUrl } = deps;
  const maps = sitemaps({ db, parts, publicUrl, pageSize: deps.sitemapPageSize ?? SITEMAP_PAGE_SIZE });
  const kept = (key: string, type: string, make: () => Promise<string | null>): Promise<CachedBody | null> =>
    cache.read(key, async () => {
      const body = await make();
      return body === null ? null : { body, type, tags: [TAGS.pages] };
    });

  return {
    describe: pageDescriber({ db, parts, media: deps.media, publicUrl, site: deps.site }),

    robots: () =>
      [
        'User-agent: *',
        ...DISALLOWED.map((path) => `Disallow: ${path}`),
        '',
        `Sitemap: ${publicUrl}/sitemap.xml`,
        '',
      ].join('\n'),

    sitemapIndex: () => kept('sitemap:index', XML, () => maps.index()),

    /** `name` is 'posts-2' and the like; null for no such page. */
    sitemapPage(name: string): Promise<CachedBody | null> {
      const match = /^([a-z]+)-(\d{1,6})$/.exec(name);
      const section = match?.[1] as SitemapSection | undefined;
      if (!match || !section || !SITEMAP_SECTIONS.includes(section)) return Promise.resolve(null);
      return kept(`sitemap:${name}`, XML, () => maps.page(section, Number(match[2])));
    },

    /** A feed by its address's parts ('latest', 'topics/windows', 'tags/hinge', 'parts/TH2310'); null: none. */
    async feed(kind: string, name: string | null, format: FeedFormat): Promise<CachedBody | null> {
      let of: FeedOf | null = null;
      if (kind === 'latest' && name === null) of = { kind: 'latest' };
      else if (kind === 'topics' && (TOPICS as readonly string[]).includes(name ?? ''))
        of = { kind: 'topic', topic: name as Topic };
      else if (kind === 'tags' && name && (await repo.tagInUse(db, name)))
        of = { kind: 'tag', tag: name.toLowerCase() };
      else if (kind === 'parts' && name) {
        const resolved = await parts.resolve(name);
        const page = resolved ? await parts.pageData(resolved.key) : null;
        if (resolved && page)
          of = {
            kind: 'part',
            key: resolved.key,
            number: page.part.number,
            postIds: await parts.postIdsAbout(resolved.key, 30),
          };
      }
      if (!of) return null;
      const feedOf = of;
      return kept(`feed:${format}:${kind}:${name ?? ''}`, FEED_TYPES[format], async () =>
        writeFeed(db, publicUrl, feedOf, format, (await deps.site()).name),
      );
    },

    /** Every tag on public questions with how many use it, most used first (the /tags page). */
    tagCounts: async (): Promise<CachedBody<{ tags: TagCount[] }>> =>
      (await cache.read('api:tags', async () => {
        const value = { tags: await repo.tagCounts(db, 0, TAGS_SHOWN) };
        return { body: JSON.stringify(value), value, type: JSON_TYPE, tags: [TAGS.pages] };
      }))!,
  };
}

export type WebPresenceService = ReturnType<typeof webPresenceService>;
