import type { ForumEvent } from '@fenestra/shared';

// Components that react to a live event themselves, rather than by refetching (the home list's 'N new questions'
// bar counts `post.published` without moving the list). LiveUpdates hands every event here after invalidating.
type Listener = (event: ForumEvent) => void;
const listeners = new Set<Listener>();

/** Hears every live event this tab receives until the returned function is called. */
export function listenToForumEvents(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function announceForumEvent(event: ForumEvent): void {
  for (const listener of [...listeners]) listener(event);
}
