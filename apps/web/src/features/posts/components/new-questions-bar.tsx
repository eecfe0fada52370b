import { Suspense, useEffect, useState } from 'react';
import type { PostDetail, StatusFilter, Topic } from '@fenestra/shared';
import { api } from '../../../lib/api-client';
import { listenToForumEvents } from '../../../lib/realtime/forum-event-listeners';
import { lazyPage } from '../../../lib/stale-chunk';

// The bar's button loads when the first question arrives: most visits never see one (docs/decisions/013).
const NewQuestionsButton = lazyPage(() => import('./new-questions-button'), 'NewQuestionsButton');

/**
 * The home list's 'N new questions' bar (issue 25): questions that became public while the list is open are
 * counted, not inserted, so the list never moves under the reader's finger; a click inserts them (the list is read
 * again) and takes the reader to the first of them. Keyed by the list's selection, so another list starts at none.
 */
export function NewQuestionsBar({
  topic,
  filter,
  listLabel,
}: {
  topic: Topic | null;
  filter: StatusFilter;
  /** The accessible name of the list it inserts into (its first card takes the focus). */
  listLabel: string;
}) {
  const [arrived, setArrived] = useState<string[]>([]);

  useEffect(() => {
    // A new question is open: a list of solved ones never gets it.
    if (filter === 'solved') return;
    let live = true;
    const stop = listenToForumEvents((event) => {
      if (event.type !== 'post.published') return;
      const add = () => live && setArrived((ids) => (ids.includes(event.postId) ? ids : [...ids, event.postId]));
      if (!topic) return add();
      // A topic's list counts only its own questions: the event carries the id alone.
      void api<PostDetail>(`/api/posts/${encodeURIComponent(event.postId)}`)
        .then((post) => post.topic === topic && add())
        .catch(() => undefined);
    });
    return () => {
      live = false;
      stop();
    };
  }, [topic, filter]);

  // Always there, so screen readers hear the bar when it appears; below the sticky header while it shows.
  return (
    <div
      role="status"
      className={arrived.length ? 'sticky top-28 z-20 mb-4 flex justify-center md:top-[65px]' : undefined}
    >
      {arrived.length > 0 && (
        <Suspense fallback={null}>
          <NewQuestionsButton count={arrived.length} listLabel={listLabel} onInsert={() => setArrived([])} />
        </Suspense>
      )}
    </div>
  );
}
