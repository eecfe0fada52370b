import { useQuery } from '@tanstack/react-query';
import { api } from '../api-client';

/** POST /api/markdown/preview: the HTML the page will show, from the server's renderer (the app ships none). */
export const previewMarkdown = (text: string, signal?: AbortSignal) =>
  api<{ html: string }>('/api/markdown/preview', { method: 'POST', body: { text }, signal });

/** The Preview tab's HTML; asked only while it is open. */
export function useMarkdownPreview(text: string, open: boolean) {
  return useQuery({
    queryKey: ['markdown-preview', text],
    queryFn: ({ signal }) => previewMarkdown(text, signal),
    enabled: open && text.trim() !== '',
    staleTime: Infinity,
  });
}
