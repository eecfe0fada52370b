import { useEffect, useRef, useState } from 'react';
import type { Reply } from '@fenestra/shared';
import { useMe } from '../../../lib/session';
import { markRead, useReadMarkAtOpen } from '../api/read-mark';

/** The newest published reply on screen (the list shows pinned and accepted ones first, held ones to a few). */
const newestOf = (replies: Reply[]) =>
  replies.reduce<Reply | null>(
    (newest, r) => (!r.held && (!newest || r.createdAt > newest.createdAt) ? r : newest),
    null,
  );

/**
 * What is new on a post page for a member who opened it before (issue 25): the first reply by someone else written
 * after their last visit, which gets the 'New' divider and is scrolled to once. Opening the page marks the post read
 * up to the newest reply shown; replies that arrive while it is open, once the member reaches the end of the list
 * (`endRef` goes on an element after it).
 */
export function useNewReplies(postId: string, replies: Reply[], loaded: boolean) {
  const { me, isLoading } = useMe();
  const mark = useReadMarkAtOpen(postId, me !== null);
  // The page is drawn and what the member had read is known (or there is no member).
  const ready = loaded && !isLoading && (me === null || mark.isFetched);
  const readUntil = mark.data?.readUntil ?? null;
  const firstNew =
    me && readUntil ? (replies.find((r) => !r.held && r.createdAt > readUntil && r.author.id !== me.id) ?? null) : null;

  // The end of the list on screen: replies that arrive later count as read once the member reaches them.
  const [atEnd, setAtEnd] = useState(false);
  const [end, setEnd] = useState<Element | null>(null);
  useEffect(() => {
    if (!end || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setAtEnd(Boolean(entry?.isIntersecting)));
    observer.observe(end);
    return () => observer.disconnect();
  }, [end]);

  // Marks read as the page opens, once the mark before this visit is known (the divider is drawn from that one),
  // then whenever the member reaches the end of the list with newer replies on it.
  const sent = useRef<string | null>(null);
  const newest = newestOf(replies);
  useEffect(() => {
    if (!me || !ready) return;
    const key = newest?.id ?? postId;
    if (sent.current === key || (sent.current !== null && !atEnd)) return;
    sent.current = key;
    void markRead(postId, newest ? { replyId: newest.id } : {}).catch(() => {
      sent.current = null;
    });
  }, [me, ready, newest, postId, atEnd]);

  // Scrolls to the first new reply once, unless the address names a reply of its own (an email's link).
  const scrolled = useRef(false);
  const firstNewId = firstNew?.id ?? null;
  useEffect(() => {
    if (scrolled.current || !ready) return;
    const named = window.location.hash.startsWith('#reply-')
      ? document.getElementById(window.location.hash.slice(1))
      : null;
    const target = named ?? (firstNewId ? document.getElementById('new-replies') : null);
    if (!target && window.location.hash.startsWith('#reply-')) return;
    scrolled.current = true;
    target?.scrollIntoView({ block: 'start' });
  }, [ready, firstNewId]);

  return { firstNewId, endRef: setEnd };
}
