import { useEffect, useState } from 'react';
import { previewLinksOf } from '@fenestra/shared';
import { useLinkPreview } from '../api/get-link-preview';
import { LinkPreviewCard } from './link-preview-card';

/** How long typing must pause before the links in the text are previewed. */
export const DRAFT_PREVIEW_PAUSE_MS = 600;

function DraftCard({ url }: { url: string }) {
  const { data } = useLinkPreview(url);
  return data ? (
    <li>
      <LinkPreviewCard preview={data} />
    </li>
  ) : null;
}

/**
 * The cards a reply will get, shown while the member types: its first 3 distinct links, asked for
 * once typing pauses. A link without a card shows nothing (the reply will not have one either).
 */
export function DraftLinkPreviews({ text }: { text: string }) {
  const [links, setLinks] = useState<string[]>([]);
  useEffect(() => {
    const next = previewLinksOf(text);
    const timer = setTimeout(
      () => setLinks((current) => (current.join('\n') === next.join('\n') ? current : next)),
      DRAFT_PREVIEW_PAUSE_MS,
    );
    return () => clearTimeout(timer);
  }, [text]);

  if (links.length === 0) return null;
  return (
    <ul aria-label="Link previews" className="space-y-2">
      {links.map((url) => (
        <DraftCard key={url} url={url} />
      ))}
    </ul>
  );
}
