import {
  FEED_PATHS,
  TOPIC_LABELS,
  canonicalPostPath,
  isStaffRole,
  parseTopic,
  postSlug,
  type PartPage,
} from '@fenestra/shared';
import type { Db } from '../../db/client.js';
import type { MediaAddress } from '../../adapters/storage/storage.js';
import { TAGS } from '../../cache/public-cache.js';
import type { MemberRow } from '../../lib/member.js';
import { plainText } from '../../lib/plain-text.js';
import type { PartsService } from '../parts/service.js';
import { feedTitle } from './feeds.js';
import type { PageHead } from './head.js';
import { qaPage } from './json-ld.js';
import * as repo from './repo.js';

/** What the server answers for a page's address (decision 034). */
export type PageAnswer =
  /** The app's page: its head (null: the plain shell, not for search engines) and the cache tags of what it shows. */
  | { kind: 'page'; head: PageHead | null; tags: string[] }
  /** A permanent move: an old slug, another spelling of a part number, a merged part. */
  | { kind: 'redirect'; to: string }
  /** Nothing here (404), or a question that was deleted (410). */
  | { kind: 'missing'; status: 404 | 410 };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The site's name and short description as its settings give them (issue 30). */
export interface SiteWords {
  name: string;
  description: string;
}

/**
 * Pages of the app that are not for search engines (robots.txt disallows them): the browser draws them, and the
 * server answers 200 with the plain shell. Every other address the app does not know is a 404. Keep in step with
 * apps/web/src/app/router.tsx.
 */
const APP_ONLY = [
  /^\/auth$/,
  /^\/search$/,
  /^\/ask$/,
  /^\/my-posts$/,
  /^\/bookmarks$/,
  /^\/notifications$/,
  /^\/settings(\/.*)?$/,
  /^\/admin(\/.*)?$/,
  /^\/post\/[^/]+\/edit$/,
];

/** The public pages without data of their own: their titles and descriptions. */
const STATIC_PAGES: Record<string, { title: string; description: (site: string) => string }> = {
  '/resources/videos': {
    title: 'Videos',
    description: () => 'Videos from the community about window, door, screen and glazing hardware.',
  },
  '/resources/best-practices': {
    title: 'Best practices',
    description: () => 'How to photograph and describe a part so the community can identify it.',
  },
  '/privacy': { title: 'Privacy', description: (site) => `How ${site} handles your data.` },
  '/terms': { title: 'Terms', description: (site) => `The terms of using ${site}.` },
};

/** A path segment as written, or null when it is not valid percent-encoding. */
function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

const latestFeed = (site: string) => ({
  title: feedTitle({ kind: 'latest' }, site),
  rss: FEED_PATHS.latest('rss'),
  atom: FEED_PATHS.latest('atom'),
});

export function pageDescriber(deps: {
  db: Db;
  parts: PartsService;
  media: MediaAddress;
  publicUrl: string;
  site: () => Promise<SiteWords>;
}) {
  const { db, parts, media, publicUrl } = deps;

  async function post(id: string, slug: string | null, member: MemberRow | null): Promise<PageAnswer> {
    if (!UUID.test(id)) return { kind: 'missing', status: 404 };
    const row = await repo.postForHead(db, id);
    if (!row) return { kind: 'missing', status: (await repo.wasDeleted(db, id)) ? 410 : 404 };
    if (row.status !== 'open' && row.status !== 'solved') {
      // Its author and staff see it (the browser draws it); to anyone else it is not there.
      const mayShow = member && (member.id === row.user_id || isStaffRole(member.role));
      return mayShow ? { kind: 'page', head: null, tags: [TAGS.post(id)] } : { kind: 'missing', status: 404 };
    }
    const canonical = canonicalPostPath(row.id, row.title);
    if (slug !== null && slug !== postSlug(row.title)) return { kind: 'redirect', to: canonical };
    const replies = await repo.repliesForHead(db, row.id, row.accepted_reply_id, 30);
    const topic = parseTopic(row.topic);
    const site = (await deps.site()).name;
    return {
      kind: 'page',
      head: {
        title: row.title,
        description: plainText(row.description),
        path: canonical,
        type: 'article',
        image: media(row.image_url),
        feeds: topic
          ? [
              latestFeed(site),
              {
                title: feedTitle({ kind: 'topic', topic }, site),
                rss: FEED_PATHS.topic(topic, 'rss'),
                atom: FEED_PATHS.topic(topic, 'atom'),
              },
            ]
          : [latestFeed(site)],
        jsonLd: qaPage(row, replies, `${publicUrl}${canonical}`, publicUrl),
      },
      // The similar questions show other posts' titles and states: any post change may drop the page.
      tags: [TAGS.post(id), TAGS.lists],
    };
  }

  async function part(raw: string): Promise<PageAnswer> {
    const resolved = await parts.resolve(raw);
    if (!resolved) return { kind: 'missing', status: 404 };
    if (raw !== resolved.key) return { kind: 'redirect', to: `/parts/${encodeURIComponent(resolved.key)}` };
    const data: PartPage | null = await parts.pageData(resolved.key);
    if (!data) return { kind: 'missing', status: 404 };
    const { number, name, category } = data.part;
    const solved = data.questions.filter((q) => q.status === 'solved').length;
    const count = data.questions.length;
    const site = (await deps.site()).name;
    return {
      kind: 'page',
      head: {
        title: name ? `${number} ${name}` : `Part ${number}`,
        description:
          `${name ?? 'Part'} ${number}${category ? ` (${category})` : ''}: ${count} ${count === 1 ? 'question' : 'questions'}` +
          `${solved ? `, ${solved} solved` : ''}, photos and similar parts on ${site}.`,
        path: `/parts/${encodeURIComponent(resolved.key)}`,
        image: data.photos[0]?.imageUrl ?? null,
        feeds: [
          {
            title: feedTitle({ kind: 'part', key: resolved.key, number, postIds: [] }, site),
            rss: FEED_PATHS.part(resolved.key, 'rss'),
            atom: FEED_PATHS.part(resolved.key, 'atom'),
          },
        ],
      },
      tags: [TAGS.pages],
    };
  }

  /** What to answer for a GET of `pathname` (decoded path segments are the route's). */
  return async function describe(pathname: string, search: string, member: MemberRow | null): Promise<PageAnswer> {
    const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    if (path === '/') {
      const topic = parseTopic(new URLSearchParams(search).get('topic'));
      const site = await deps.site();
      return {
        kind: 'page',
        head: {
          title: topic ? `${TOPIC_LABELS[topic]} questions` : site.name,
          description: site.description || `${site.name}: questions and answers about window and door hardware.`,
          path: topic ? `/?topic=${topic}` : '/',
          feeds: topic
            ? [
                {
                  title: feedTitle({ kind: 'topic', topic }, site.name),
                  rss: FEED_PATHS.topic(topic, 'rss'),
                  atom: FEED_PATHS.topic(topic, 'atom'),
                },
                latestFeed(site.name),
              ]
            : [latestFeed(site.name)],
        },
        tags: [TAGS.lists],
      };
    }
    const postMatch = /^\/post\/([^/]+)(?:\/([^/]+))?$/.exec(path);
    if (postMatch && postMatch[2] !== 'edit') return post(postMatch[1]!, postMatch[2] ?? null, member);
    if (APP_ONLY.some((pattern) => pattern.test(path))) return { kind: 'page', head: null, tags: [] };
    const fixed = STATIC_PAGES[path];
    if (fixed) {
      const site = (await deps.site()).name;
      return { kind: 'page', head: { title: fixed.title, description: fixed.description(site), path }, tags: [] };
    }
    if (path === '/tags') {
      const site = (await deps.site()).name;
      return {
        kind: 'page',
        head: { title: 'Tags', description: `Every tag on ${site} questions, most used first.`, path: '/tags' },
        tags: [TAGS.lists],
      };
    }
    const tagMatch = /^\/tags\/([^/]+)$/.exec(path);
    if (tagMatch) {
      const tag = decoded(tagMatch[1]!);
      if (tag === null) return { kind: 'missing', status: 404 };
      if (tag !== tag.toLowerCase()) return { kind: 'redirect', to: `/tags/${encodeURIComponent(tag.toLowerCase())}` };
      if (!(await repo.tagInUse(db, tag))) return { kind: 'missing', status: 404 };
      const site = (await deps.site()).name;
      return {
        kind: 'page',
        head: {
          title: `Questions tagged ${tag}`,
          description: `Questions and answers tagged ${tag} on ${site}.`,
          path: `/tags/${encodeURIComponent(tag)}`,
          feeds: [
            {
              title: feedTitle({ kind: 'tag', tag }, site),
              rss: FEED_PATHS.tag(tag, 'rss'),
              atom: FEED_PATHS.tag(tag, 'atom'),
            },
          ],
        },
        tags: [TAGS.lists],
      };
    }
    const partMatch = /^\/parts\/([^/]+)$/.exec(path);
    if (partMatch) {
      const number = decoded(partMatch[1]!);
      return number === null ? { kind: 'missing', status: 404 } : part(number);
    }
    const userMatch = /^\/user\/([^/]+)$/.exec(path);
    if (userMatch) {
      const username = decoded(userMatch[1]!);
      const found = username === null ? null : await repo.memberByUsername(db, username);
      if (!found) return { kind: 'missing', status: 404 };
      const site = (await deps.site()).name;
      return {
        kind: 'page',
        head: {
          title: found.username,
          description: found.bio ? plainText(found.bio) : `${found.username}'s questions and answers on ${site}.`,
          path: `/user/${encodeURIComponent(found.username)}`,
          type: 'profile',
        },
        tags: [TAGS.member(found.id), TAGS.profiles],
      };
    }
    return { kind: 'missing', status: 404 };
  };
}

export type PageDescriber = ReturnType<typeof pageDescriber>;
