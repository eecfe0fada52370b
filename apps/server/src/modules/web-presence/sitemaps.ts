import { Readable } from 'node:stream';
import { EnumChangefreq, SitemapIndexStream, SitemapStream, streamToPromise, type SitemapItemLoose } from 'sitemap';
import { TOPICS, canonicalPostPath, partPath, tagPath } from '@fenestra/shared';
import type { Db } from '../../db/client.js';
import type { PartsService } from '../parts/service.js';
import * as repo from './repo.js';

/** The sitemap's parts: each paginated at `pageSize` addresses (50,000 at most, the protocol's limit). */
export const SITEMAP_SECTIONS = ['pages', 'posts', 'tags', 'parts'] as const;
export type SitemapSection = (typeof SITEMAP_SECTIONS)[number];

export const sitemapPath = (section: SitemapSection, page: number) => `/sitemaps/${section}-${page}.xml`;

const xml = async (stream: SitemapStream | SitemapIndexStream, items: unknown[]) =>
  (await streamToPromise(Readable.from(items).pipe(stream))).toString('utf8');

/** The sitemap index and its pages, written by the sitemap library (decision 034). */
export function sitemaps(deps: { db: Db; parts: PartsService; publicUrl: string; pageSize: number }) {
  const { db, parts, publicUrl, pageSize } = deps;

  async function counts(): Promise<Record<SitemapSection, number>> {
    return {
      pages: 1 + TOPICS.length + 1,
      posts: await repo.countPublicPosts(db),
      tags: await repo.countTags(db),
      parts: await parts.countPublicParts(),
    };
  }

  return {
    /** sitemap.xml: every page of every section with anything in it. */
    async index(): Promise<string> {
      const n = await counts();
      const items = SITEMAP_SECTIONS.flatMap((section) =>
        Array.from({ length: Math.ceil(n[section] / pageSize) }, (_, i) => ({
          url: `${publicUrl}${sitemapPath(section, i + 1)}`,
        })),
      );
      return xml(new SitemapIndexStream(), items);
    },

    /** One page of a section, or null past its last page. */
    async page(section: SitemapSection, page: number): Promise<string | null> {
      if (!Number.isInteger(page) || page < 1) return null;
      const offset = (page - 1) * pageSize;
      let items: SitemapItemLoose[];
      if (section === 'pages') {
        const all: SitemapItemLoose[] = [
          { url: '/', changefreq: EnumChangefreq.HOURLY },
          ...TOPICS.map((topic) => ({ url: `/?topic=${topic}`, changefreq: EnumChangefreq.HOURLY })),
          { url: '/tags', changefreq: EnumChangefreq.DAILY },
        ];
        items = all.slice(offset, offset + pageSize);
      } else if (section === 'posts') {
        const rows = await repo.sitemapPosts(db, offset, pageSize);
        items = rows.map((row) => ({
          url: canonicalPostPath(row.id, row.title),
          lastmod: new Date(row.lastmod).toISOString(),
        }));
      } else if (section === 'tags') {
        const rows = await repo.tagCounts(db, offset, pageSize);
        items = rows.map((row) => ({ url: tagPath(row.tag) }));
      } else {
        const rows = await parts.publicParts(offset, pageSize);
        items = rows.map((row) => ({ url: partPath(row.key), lastmod: new Date(row.lastmod).toISOString() }));
      }
      // The library writes no empty sitemap: a page past the end, or of an empty section, is not there.
      if (items.length === 0) return null;
      return xml(new SitemapStream({ hostname: publicUrl }), items);
    },
  };
}
