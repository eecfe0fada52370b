import { SEARCH_LIMITS, type SimilarQuestions } from '@fenestra/shared';
import { api } from '../../../lib/api-client';

export interface SimilarDraft {
  title: string;
  description: string;
}

/** GET /api/similar: the title and the first 500 characters of the description, so the address stays short. */
export function getSimilar({ title, description }: SimilarDraft, signal?: AbortSignal) {
  const query = new URLSearchParams({
    title: title.trim(),
    description: description.trim().slice(0, SEARCH_LIMITS.similarDescription),
  });
  return api<SimilarQuestions>(`/api/similar?${query}`, { signal });
}
