import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LinkPreview } from '@fenestra/shared';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/link-preview: the card for a link, or null when it has none (the API answers 204). */
export function getLinkPreview(url: string, signal?: AbortSignal) {
  return api<LinkPreview | null>('/api/link-preview', { method: 'POST', body: { url }, signal });
}

export const linkPreviewQuery = (url: string) =>
  queryOptions({
    queryKey: queryKeys.linkPreview(url),
    queryFn: ({ signal }) => getLinkPreview(url, signal),
    // The server caches cards for a day; a link typed again in this visit needs no second request.
    staleTime: 60 * 60 * 1000,
    retry: false,
  });

/** The card for a link while a member types it; nothing is asked for a null link. */
export function useLinkPreview(url: string | null) {
  return useQuery({ ...linkPreviewQuery(url ?? ''), enabled: url !== null });
}
