export type VideoSite = 'YouTube' | 'Vimeo';

const YOUTUBE_HOSTS = new Set(['youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtube-nocookie.com']);
const YOUTUBE_ID = /^[\w-]{6,}$/;

/**
 * The video site a link plays on, for the larger card: YouTube (watch, youtu.be, embed and shorts
 * links) and Vimeo (a video's page or its player); null for everything else, channel pages included.
 */
export function videoSiteOf(link: string): VideoSite | null {
  if (!URL.canParse(link)) return null;
  const url = new URL(link);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.replace(/^www\./, '');
  const segments = url.pathname.split('/').filter(Boolean);
  if (host === 'youtu.be') return segments.length === 1 && YOUTUBE_ID.test(segments[0]!) ? 'YouTube' : null;
  if (YOUTUBE_HOSTS.has(host)) {
    if (segments[0] === 'watch') return YOUTUBE_ID.test(url.searchParams.get('v') ?? '') ? 'YouTube' : null;
    return ['embed', 'shorts', 'live'].includes(segments[0] ?? '') && YOUTUBE_ID.test(segments[1] ?? '')
      ? 'YouTube'
      : null;
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com')
    return segments.some((s) => /^\d+$/.test(s)) ? 'Vimeo' : null;
  return null;
}
