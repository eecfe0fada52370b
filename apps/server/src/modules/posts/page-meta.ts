import { metaDescriptionOf } from '@fenestra/shared';

export interface PostPageMeta { title: string; description: string; imageUrl: string | null }

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const absolute = (url: string, publicUrl: string) => {
  try {
    return new URL(url, `${publicUrl}/`).toString();
  } catch {
    return null;
  }
};

/**
 * The app shell with a post's title, meta description and Open Graph tags, so a shared link previews
 * on other sites. Every value is escaped: titles and descriptions are member-written.
 */
export function renderPostPage(indexHtml: string, meta: PostPageMeta, opts: { publicUrl: string; path: string }): string {
  const title = `${meta.title} · Fenestra`;
  const description = metaDescriptionOf(meta.description);
  const image = meta.imageUrl ? absolute(meta.imageUrl, opts.publicUrl) : null;
  const tags = [
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:type" content="article" />`,
    `<meta property="og:url" content="${escapeHtml(opts.publicUrl + opts.path)}" />`,
    `<meta property="og:site_name" content="Fenestra" />`,
    ...(image ? [`<meta property="og:image" content="${escapeHtml(image)}" />`] : []),
  ].join('\n    ');
  const withoutDefaults = indexHtml
    .replace(/<title>[\s\S]*?<\/title>/i, '')
    .replace(/<meta\s+name="description"[^>]*>/i, '');
  // A function replacement, so '$' in a member's title is never read as a pattern.
  return withoutDefaults.replace(/<\/head>/i, () => `    <title>${escapeHtml(title)}</title>\n    ${tags}\n  </head>`);
}
