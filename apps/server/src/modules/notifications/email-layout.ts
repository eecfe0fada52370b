// The one look of every email the forum sends about what happened (decision 032): the same content as plain text
// and as HTML. The HTML needs no image to be read (the brand is text), keeps its styles inline for clients that drop
// <style>, and says it supports both colour schemes, with dark colours for the clients that honour the media query,
// so no client inverts it into unreadable text.

export interface EmailBlock {
  /** A paragraph of plain text. */
  text?: string;
  /** What a member wrote, quoted (already cut to length), with who wrote it. */
  quote?: { author: string | null; text: string; url: string };
}

export interface EmailContent {
  /** The site's name as its settings give it (issue 30): the brand at the top and the quotes' links. */
  site: string;
  /** First line of the message, also the hidden preheader most clients show in the inbox. */
  heading: string;
  blocks: EmailBlock[];
  /** The main link. */
  action?: { label: string; url: string };
  /** A list of links with a line each (gathered replies, digest questions). */
  sections?: { title: string; items: { label: string; detail?: string; url: string }[] }[];
  /** Why the member gets this email and how to stop it (none for an email they cannot turn off). */
  footer?: { settingsUrl: string; unsubscribeUrl: string; topic: string };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Paragraph text with its line breaks kept. */
const lines = (text: string) => escapeHtml(text).replace(/\r?\n/g, '<br>');

const readItOn = (site: string) => `Read it on ${site}`;

const quoteText = (q: NonNullable<EmailBlock['quote']>, site: string) =>
  [
    ...(q.author ? [`${q.author} wrote:`] : []),
    ...q.text.split(/\r?\n/).map((l) => `> ${l}`),
    `${readItOn(site)}: ${q.url}`,
  ].join('\n');

export function emailText(content: EmailContent): string {
  const out: string[] = [content.heading, ''];
  for (const block of content.blocks) {
    if (block.text) out.push(block.text, '');
    if (block.quote) out.push(quoteText(block.quote, content.site), '');
  }
  if (content.action) out.push(`${content.action.label}: ${content.action.url}`, '');
  for (const section of content.sections ?? []) {
    out.push(section.title, '');
    for (const item of section.items)
      out.push(`- ${item.label}`, ...(item.detail ? [`  ${item.detail}`] : []), `  ${item.url}`);
    out.push('');
  }
  if (content.footer)
    out.push(
      '--',
      `Choose which emails you get: ${content.footer.settingsUrl}`,
      `Stop emails about ${content.footer.topic}: ${content.footer.unsubscribeUrl}`,
      '',
    );
  return out.join('\n');
}

// Light colours inline; the dark ones in the media query (the site's own palette, apps/web/src/index.css).
const C = { bg: '#f8fafc', surface: '#ffffff', fg: '#0f172a', muted: '#475569', border: '#e2e8f0', link: '#1d4ed8' };
const DARK_STYLE = `
@media (prefers-color-scheme: dark) {
  .bg { background: #0b1120 !important; }
  .card { background: #131c2e !important; border-color: #263247 !important; }
  .fg { color: #f1f5f9 !important; }
  .muted { color: #a3b1c6 !important; }
  .link { color: #93c5fd !important; }
  .quote { border-color: #3b4a63 !important; color: #f1f5f9 !important; }
  .button { background: #2563eb !important; color: #ffffff !important; }
}`;

export function emailHtml(content: EmailContent): string {
  const p = (html: string, cls = 'fg', color = C.fg) =>
    `<p class="${cls}" style="margin:0 0 16px;color:${color};font-size:16px;line-height:1.5">${html}</p>`;
  const a = (url: string, label: string) =>
    `<a class="link" href="${escapeHtml(url)}" style="color:${C.link};text-decoration:underline">${escapeHtml(label)}</a>`;
  const body: string[] = [];
  for (const block of content.blocks) {
    if (block.text) body.push(p(lines(block.text)));
    if (block.quote) {
      const q = block.quote;
      body.push(
        ...(q.author ? [p(`${escapeHtml(q.author)} wrote:`, 'muted', C.muted)] : []),
        `<blockquote class="quote fg" style="margin:0 0 16px;padding:4px 0 4px 12px;border-left:4px solid ${C.border};color:${C.fg};font-size:16px;line-height:1.5">${lines(q.text)}</blockquote>`,
        p(a(q.url, readItOn(content.site))),
      );
    }
  }
  if (content.action)
    body.push(
      `<p style="margin:8px 0 24px"><a class="button" href="${escapeHtml(content.action.url)}" style="display:inline-block;background:${C.link};color:#ffffff;padding:10px 18px;border-radius:6px;font-weight:600;text-decoration:none">${escapeHtml(content.action.label)}</a></p>`,
    );
  for (const section of content.sections ?? []) {
    body.push(
      `<h2 class="fg" style="margin:24px 0 8px;font-size:18px;color:${C.fg}">${escapeHtml(section.title)}</h2><ul style="margin:0 0 16px;padding-left:20px">`,
      ...section.items.map(
        (item) =>
          `<li class="fg" style="margin:0 0 12px;color:${C.fg};font-size:16px;line-height:1.5">${a(item.url, item.label)}` +
          (item.detail
            ? `<br><span class="muted" style="color:${C.muted};font-size:14px">${lines(item.detail)}</span>`
            : '') +
          '</li>',
      ),
      '</ul>',
    );
  }
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark">` +
    `<title>${escapeHtml(content.heading)}</title><style>${DARK_STYLE}</style></head>` +
    `<body class="bg" style="margin:0;padding:0;background:${C.bg}">` +
    `<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(content.heading)}</div>` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" class="bg" style="background:${C.bg}"><tr><td align="center" style="padding:24px 12px">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px">` +
    `<tr><td class="fg" style="padding:0 4px 12px;font:700 20px/1.2 system-ui,-apple-system,'Segoe UI',sans-serif;color:${C.fg}">${escapeHtml(content.site)}</td></tr>` +
    `<tr><td class="card" style="background:${C.surface};border:1px solid ${C.border};border-radius:8px;padding:24px;font-family:system-ui,-apple-system,'Segoe UI',sans-serif">` +
    `<h1 class="fg" style="margin:0 0 16px;font-size:20px;line-height:1.3;color:${C.fg}">${escapeHtml(content.heading)}</h1>` +
    body.join('') +
    `</td></tr><tr><td class="muted" style="padding:16px 4px;font:14px/1.5 system-ui,-apple-system,'Segoe UI',sans-serif;color:${C.muted}">` +
    (content.footer
      ? `${a(content.footer.settingsUrl, 'Choose which emails you get')} · ` +
        a(content.footer.unsubscribeUrl, `Stop emails about ${content.footer.topic}`)
      : '') +
    `</td></tr></table></td></tr></table></body></html>`
  );
}

/** The first `max` characters of what a member wrote, with an ellipsis when there was more. */
export function quoteOf(text: string, max: number): string {
  const clean = text.trim();
  return clean.length <= max ? clean : `${clean.slice(0, max)}…`;
}
