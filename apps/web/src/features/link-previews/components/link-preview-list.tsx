import type { LinkPreview } from '@fenestra/shared';
import { LinkPreviewCard } from './link-preview-card';

/** The cards under a reply, in the order its links appear. */
export function LinkPreviewList({ previews }: { previews: LinkPreview[] }) {
  if (previews.length === 0) return null;
  return (
    <ul aria-label="Link previews" className="space-y-2">
      {previews.map((preview) => (
        <li key={preview.url}>
          <LinkPreviewCard preview={preview} />
        </li>
      ))}
    </ul>
  );
}
