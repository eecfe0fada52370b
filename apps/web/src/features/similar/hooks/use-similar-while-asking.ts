import { useEffect, useState } from 'react';
import { SEARCH_LIMITS, type SimilarQuestion } from '@fenestra/shared';
import { getSimilar, type SimilarDraft } from '../api/get-similar';

const MIN_TITLE = 5;
const MIN_DESCRIPTION = 20;

/**
 * Similar public questions for a draft: asked 300 ms after the last keystroke; a request made stale by
 * newer typing is aborted. A failed lookup keeps the last list (it is a hint, not part of asking).
 */
export function useSimilarWhileAsking(draft: SimilarDraft): SimilarQuestion[] {
  const [questions, setQuestions] = useState<SimilarQuestion[]>([]);
  const title = draft.title.trim();
  const description = draft.description.trim().slice(0, SEARCH_LIMITS.similarDescription);
  const enough = title.length >= MIN_TITLE || description.length >= MIN_DESCRIPTION;

  useEffect(() => {
    if (!enough) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      getSimilar({ title, description }, controller.signal).then(
        (result) => setQuestions(result.questions),
        () => {},
      );
    }, SEARCH_LIMITS.similarDebounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [title, description, enough]);

  return enough ? questions : [];
}
