import { SITE_SETTINGS_DEFAULTS, metaDescriptionOf } from '@fenestra/shared';

/** What a public page's <head> says about it (decision 034). */
export interface PageHead {
  /** The page's own title, without the site's name. */
  title: string;
  description: string;
  /** The canonical path ('/post/:id/:slug'), made absolute with the public URL. */
  path: string;
  type?: 'website' | 'article' | 'profile';
  /** An image for link previews (absolute or a path). */
  image?: string | null;
  /** Its feeds, named in <link rel="alternate">. */
  feeds?: { title: string; rss: string; atom: string }[];
  /** schema.org data (a post's QAPage). */
  jsonLd?: object;
  /** Not to be indexed (the not-found page, pages of one member's own). */
  noindex?: boolean;
}

/** The site as its settings name it (issue 30: /admin/settings); the built page says 'Fenestra' and its own icon. */
export interface SiteHead {
  name: string;
  faviconUrl: string | null;
  /** The short description (the plain shell's; a page's head has its own). */
  description?: string;
}
const DEFAULT_SITE: SiteHead = { name: 'Fenestra', faviconUrl: null };

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The plain app shell (a page the browser draws) naming the site as its settings do: its title, description and
 * icon. Null while they are the build's own (the built file is sent as it is).
 */
export function withSite(indexHtml: string, site: SiteHead): string | null {
  const described = site.description !== undefined && site.description !== SITE_SETTINGS_DEFAULTS.siteDescription;
  if (site.name === SITE_SETTINGS_DEFAULTS.siteName && !site.faviconUrl && !described) return null;
  let html = indexHtml.replace(/<title>[\s\S]*?<\/title>/i, () => `<title>${escapeHtml(site.name)}</title>`);
  if (site.description !== undefined) {
    const meta = `<meta name="description" content="${escapeHtml(metaDescriptionOf(site.description || site.name))}" />`;
    html = html.replace(/<meta\s+name="description"[^>]*>/i, () => meta);
  }
  if (site.faviconUrl) {
    const icon = `<link rel="icon" href="${escapeHtml(site.faviconUrl)}" />`;
    html = html.replace(/<link\s+rel="icon"[^>]*>/i, () => icon);
  }
  return html;
}

/** JSON inside <script type="application/ld+json">: '<' escaped, so no text in it can end the element. */
const scriptSafe = (json: string) => json.replace(/</g, '\\u003c');

export const absoluteUrl = (url: string, publicUrl: string) => {
  try {
    return new URL(url, `${publicUrl}/`).toString();
  } catch {
    return null;
  }
};

/**
 * The app shell (index.html) with a page's title, description, canonical link, Open Graph and Twitter card tags,
 * feed links and structured data. Every value is escaped: titles and descriptions are member-written.
 */
export function withHead(indexHtml: string, head: PageHead, publicUrl: string, site: SiteHead = DEFAULT_SITE): string {
  const SITE = site.name;
  const title = head.title === SITE || head.title === DEFAULT_SITE.name ? SITE : `${head.title} · ${SITE}`;
  const description = metaDescriptionOf(head.description);
  const url = `${publicUrl}${head.path}`;
  const image = head.image ? absoluteUrl(head.image, publicUrl) : null;
  const meta = (attr: 'name' | 'property', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  const tags = [
    meta('name', 'description', description),
    ...(head.noindex ? [meta('name', 'robots', 'noindex')] : [`<link rel="canonical" href="${escapeHtml(url)}" />`]),
    meta('property', 'og:site_name', SITE),
    meta('property', 'og:type', head.type ?? 'website'),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', description),
    ...(head.noindex ? [] : [meta('property', 'og:url', url)]),
    ...(image ? [meta('property', 'og:image', image)] : []),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', description),
    ...(image ? [meta('name', 'twitter:image', image)] : []),
    ...(head.feeds ?? []).flatMap((feed) => [
      `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(feed.title)}" href="${escapeHtml(publicUrl + feed.rss)}" />`,
      `<link rel="alternate" type="application/atom+xml" title="${escapeHtml(feed.title)}" href="${escapeHtml(publicUrl + feed.atom)}" />`,
    ]),
    ...(head.jsonLd ? [`<script type="application/ld+json">${scriptSafe(JSON.stringify(head.jsonLd))}</script>`] : []),
  ].join('\n    ');
  let withoutDefaults = indexHtml
    .replace(/<title>[\s\S]*?<\/title>/i, '')
    .replace(/<meta\s+name="description"[^>]*>/i, '');
  if (site.faviconUrl) {
    const icon = `<link rel="icon" href="${escapeHtml(site.faviconUrl)}" />`;
    withoutDefaults = withoutDefaults.replace(/<link\s+rel="icon"[^>]*>/i, () => icon);
  }
  // A function replacement, so '$' in a member's title is never read as a pattern.
  return withoutDefaults.replace(/<\/head>/i, () => `    <title>${escapeHtml(title)}</title>\n    ${tags}\n  </head>`);
}
