import ogs from 'open-graph-scraper';

/** What a page says about itself: the text of a preview card, and where its picture is. */
export interface PageCard {
  title: string;
  description: string | null;
  imageUrl: string | null;
}

const TITLE_MAX = 300;
const DESCRIPTION_MAX = 500;

const tidy = (text: string | undefined, max: number) => {
  const clean = text?.replace(/\s+/g, ' ').trim();
  if (!clean) return null;
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
};

/** Decodes a page in its declared charset, falling back to UTF-8 for one we do not know. */
export function decodePage(body: Buffer, charset: string | null): string {
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

/**
 * Open Graph, Twitter and plain meta tags of HTML we fetched ourselves (open-graph-scraper parses; it
 * never fetches here). A page without a title gives no card; the picture is the page's declared one only
 * (never a guess among its <img> tags) and must be an http(s) address.
 */
export async function readPageCard(html: string, pageUrl: URL): Promise<PageCard | null> {
  const parsed = await ogs({ html, onlyGetOpenGraphInfo: ['image'] }).catch(() => null);
  if (!parsed || parsed.error) return null;
  const og = parsed.result;
  const title = tidy(og.ogTitle ?? og.twitterTitle ?? og.dcTitle, TITLE_MAX);
  if (!title) return null;
  const description = tidy(og.ogDescription ?? og.twitterDescription ?? og.dcDescription, DESCRIPTION_MAX);
  const rawImage = og.ogImage?.[0]?.url ?? og.twitterImage?.[0]?.url;
  let imageUrl: string | null = null;
  if (rawImage && URL.canParse(rawImage, pageUrl.href)) {
    const resolved = new URL(rawImage, pageUrl);
    if (resolved.protocol === 'http:' || resolved.protocol === 'https:') imageUrl = resolved.href;
  }
  return { title, description, imageUrl };
}
