import type { LinkPreview } from '@fenestra/shared';
import { Globe, Play } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { StoredImage } from '../../../components/media/stored-image';
import { videoSiteOf } from '../lib/video-site';

// Links members wrote: a new tab, no referrer, and no endorsement (DESIGN.md, reply hyperlinks).
const MEMBER_LINK_REL = 'noopener noreferrer nofollow ugc';

interface LinkPreviewCardProps {
  preview: LinkPreview;
  className?: string;
}

/**
 * The card for a link in a reply: picture, title, description and domain, opening the link in a new
 * tab. Video links (YouTube, Vimeo) get the larger card with a play overlay and the site's badge.
 */
export function LinkPreviewCard({ preview, className }: LinkPreviewCardProps) {
  const site = videoSiteOf(preview.url);
  // The page's picture at the size the card draws it (its copies, when it has them); replies are below the fold.
  const picture = (sizes: string) =>
    preview.image && (
      <StoredImage
        picture={{ url: preview.image, width: null, height: null, variantWidths: [], ...preview.imageCopies }}
        sizes={sizes}
        alt=""
        className="size-full object-cover"
      />
    );
  const frame = cn(
    'group block overflow-hidden rounded-lg border border-border bg-surface text-fg no-underline shadow-sm transition-colors',
    'hover:border-border-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
    className,
  );
  const text = (
    <span className="flex min-w-0 flex-col gap-1 p-3">
      <span className="line-clamp-2 font-medium group-hover:underline">{preview.title}</span>
      {preview.description && <span className="line-clamp-2 text-sm text-muted">{preview.description}</span>}
      <span className="flex items-center gap-1 text-xs text-muted">
        <Globe className="size-3.5 shrink-0" aria-hidden />
        <span className="truncate">{preview.domain}</span>
      </span>
    </span>
  );

  if (site) {
    return (
      <a href={preview.url} target="_blank" rel={MEMBER_LINK_REL} className={cn(frame, 'max-w-xl')} data-card="video">
        <span className="relative block aspect-video bg-slate-900">
          {picture('(min-width: 640px) 576px, calc(100vw - 2rem)')}
          <span
            className="absolute inset-0 flex items-center justify-center bg-slate-950/25 group-hover:bg-slate-950/40"
            aria-hidden
          >
            <span className="flex size-14 items-center justify-center rounded-full bg-slate-950/80 text-white shadow-lg">
              <Play className="ml-0.5 size-7 fill-current" />
            </span>
          </span>
          <span className="absolute top-2 left-2 rounded bg-slate-950/85 px-2 py-0.5 text-xs font-semibold text-white">
            {site}
          </span>
        </span>
        {text}
      </a>
    );
  }

  return (
    <a
      href={preview.url}
      target="_blank"
      rel={MEMBER_LINK_REL}
      className={cn(frame, 'flex max-w-xl')}
      data-card="plain"
    >
      {preview.image && (
        <span className="block w-24 shrink-0 bg-surface-muted sm:w-32">
          {picture('(min-width: 640px) 128px, 96px')}
        </span>
      )}
      {text}
    </a>
  );
}
