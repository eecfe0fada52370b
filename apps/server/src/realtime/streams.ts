import type { ServerResponse } from 'node:http';
import { MAX_WATCHED_POSTS, type EventPayloads, type EventType } from '@fenestra/shared';
import type { BusEvent } from './bus-event.js';
import type { RecentEvents } from './recent-events.js';

/** Who holds a stream: a visitor (null member), or a member with their role as of now. */
export interface StreamViewer {
  memberId: string;
  sessionId: string | null;
  isStaff: boolean;
}

interface Stream {
  id: string;
  viewer: StreamViewer | null;
  watched: Set<string>;
  res: ServerResponse;
}

/** A stream that cannot keep up (this much unsent) is closed; the browser reconnects and refetches. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/**
 * The open streams of this instance and who may hear what (DESIGN.md 'Contracts'): reply and post
 * events only for the posts a stream watches, notifications to their member, staff events to staff.
 */
export function streamHub(deps: {
  /** Re-reads a member's role and ban after role.changed: null when they may no longer hold a member stream. */
  reloadViewer(memberId: string): Promise<{ isStaff: boolean; active: boolean } | null>;
  /** Of these post ids, the ones this viewer may see (a stream never watches a post its holder cannot open). */
  visiblePosts(viewer: StreamViewer | null, postIds: string[]): Promise<string[]>;
  /** The events this instance heard lately, to tell a page drawn by the server what passed since its drawing. */
  recent: RecentEvents;
  heartbeatMs: number;
}) {
  const streams = new Map<string, Stream>();
  const byMember = new Map<string, Set<Stream>>();
  const byPost = new Map<string, Set<Stream>>();

  const addTo = (index: Map<string, Set<Stream>>, key: string, stream: Stream) => {
    let set = index.get(key);
    if (!set) index.set(key, (set = new Set()));
    set.add(stream);
  };
  const removeFrom = (index: Map<string, Set<Stream>>, key: string, stream: Stream) => {
    const set = index.get(key);
    if (!set) return;
    set.delete(stream);
    if (set.size === 0) index.delete(key);
  };

  function write(stream: Stream, chunk: string) {
    if (stream.res.destroyed || stream.res.writableEnded) return;
    if (stream.res.writableLength > MAX_BUFFERED_BYTES) {
      close(stream);
      return;
    }
    stream.res.write(chunk);
  }
  function send<T extends EventType>(stream: Stream, type: T, payload: EventPayloads[T]) {
    write(stream, `event: ${type}\ndata: ${JSON.stringify(payload)}\n\n`);
  }

  /**
   * `since`: the tab shows a page drawn by the server from data read then (recent-events' `stamp`). Events heard
   * from then until the watched set was in place reached no stream: when one of them is one this stream would
   * have been given, it is told to refetch (all of it when this instance cannot tell: its ring does not reach back).
   */
  function catchUp(stream: Stream, since: string) {
    const missed = deps.recent.since(since)?.map((event) => missedBy(event, stream));
    // The tab refetches from now: events heard after this stamp, for posts it watches only later, are judged by it.
    const now = deps.recent.stamp();
    if (!missed || missed.includes('all')) send(stream, 'stream.refetch', { since: now });
    else if (missed.includes('content')) send(stream, 'stream.refetch', { scope: 'content', since: now });
  }

  async function watch(stream: Stream, postIds: string[], since?: string) {
    const wanted = [...new Set(postIds)].slice(0, MAX_WATCHED_POSTS);
    const visible = wanted.length ? await deps.visiblePosts(stream.viewer, wanted) : [];
    if (!streams.has(stream.id)) return;
    for (const id of stream.watched) removeFrom(byPost, id, stream);
    stream.watched = new Set(visible);
    for (const id of stream.watched) addTo(byPost, id, stream);
    // Judged once the set is in place, with nothing awaited in between: an event heard before it is in the ring,
    // one heard after it is delivered.
    if (since !== undefined) catchUp(stream, since);
  }

  function remove(stream: Stream) {
    if (!streams.delete(stream.id)) return;
    for (const id of stream.watched) removeFrom(byPost, id, stream);
    if (stream.viewer) removeFrom(byMember, stream.viewer.memberId, stream);
  }
  function close(stream: Stream) {
    remove(stream);
    if (!stream.res.writableEnded) stream.res.end();
  }

  const staffStreams = () => [...streams.values()].filter((s) => s.viewer?.isStaff);
  const memberStreams = (memberId: string | undefined) => (memberId ? [...(byMember.get(memberId) ?? [])] : []);

  async function onRoleChanged(memberId: string) {
    const mine = memberStreams(memberId);
    if (mine.length === 0) return;
    const now = await deps.reloadViewer(memberId);
    for (const stream of mine) {
      if (!now?.active) {
        send(stream, 'session.revoked', {});
        close(stream);
        continue;
      }
      stream.viewer!.isStaff = now.isStaff;
      send(stream, 'role.changed', {});
    }
  }

  const heartbeat = setInterval(() => {
    for (const stream of streams.values()) write(stream, ': heartbeat\n\n');
  }, deps.heartbeatMs);
  heartbeat.unref();

  return {
    get size() {
      return streams.size;
    },

    /** Starts a stream; its first watched posts are in place (and `since` judged) before `stream.ready` is sent. */
    async open(res: ServerResponse, viewer: StreamViewer | null, postIds: string[], since?: string) {
      const stream: Stream = { id: crypto.randomUUID(), viewer, watched: new Set(), res };
      streams.set(stream.id, stream);
      if (viewer) addTo(byMember, viewer.memberId, stream);
      res.on('close', () => remove(stream));
      await watch(stream, postIds, since);
      send(stream, 'stream.ready', { streamId: stream.id });
      return stream.id;
    },

    /** Replaces a stream's watched posts; false when the stream is not on this instance. */
    async watch(streamId: string, postIds: string[], since?: string): Promise<boolean> {
      const stream = streams.get(streamId);
      if (!stream) return false;
      await watch(stream, postIds, since);
      return true;
    },

    async deliver(event: BusEvent): Promise<void> {
      switch (event.type) {
        case 'stream.watch':
          // Awaited, so events announced after the watch are judged with it in place.
          await this.watch(event.streamId, event.postIds, event.since);
          return;
        case 'reply.created':
        case 'reply.updated':
        case 'reply.deleted':
          for (const s of byPost.get(event.postId ?? '') ?? []) send(s, event.type, { postId: event.postId!, replyId: event.replyId! });
          return;
        case 'post.changed':
          for (const s of byPost.get(event.postId ?? '') ?? []) send(s, 'post.changed', { postId: event.postId! });
          return;
        case 'notification.created':
          for (const s of memberStreams(event.to)) send(s, 'notification.created', {});
          return;
        case 'pending.changed':
          for (const s of staffStreams()) send(s, 'pending.changed', {});
          return;
        case 'profile.changed': {
          const to = new Set([...staffStreams(), ...memberStreams(event.userId)]);
          for (const s of to) send(s, 'profile.changed', { userId: event.userId! });
          return;
        }
        case 'session.revoked':
          for (const s of memberStreams(event.to)) {
            if (event.sessionId && s.viewer!.sessionId !== event.sessionId) continue;
            send(s, 'session.revoked', {});
            close(s);
          }
          return;
        case 'role.changed':
          if (event.to) await onRoleChanged(event.to);
          return;
      }
    },

    /** After the event feed was lost for a while: everyone refetches what they show. */
    refetchAll() {
      for (const stream of streams.values()) send(stream, 'stream.refetch', {});
    },

    closeAll() {
      clearInterval(heartbeat);
      for (const stream of [...streams.values()]) close(stream);
    },
  };
}
export type StreamHub = ReturnType<typeof streamHub>;

/**
 * Whether a stream holding its set would have been given this event (as `deliver` decides), and what its
 * refetch then covers: 'content' leaves /api/me and /api/config alone, 'all' is for the member's own profile,
 * role or session. A visitor's stream may be a member's page whose session just ended: any role or session
 * event counts for it.
 */
function missedBy(event: BusEvent, stream: Stream): 'content' | 'all' | null {
  const member = stream.viewer?.memberId;
  switch (event.type) {
    case 'reply.created':
    case 'reply.updated':
    case 'reply.deleted':
    case 'post.changed':
      return stream.watched.has(event.postId ?? '') ? 'content' : null;
    case 'notification.created':
      return member && event.to === member ? 'content' : null;
    case 'pending.changed':
      return stream.viewer?.isStaff ? 'content' : null;
    case 'profile.changed':
      return event.userId === member ? 'all' : stream.viewer?.isStaff ? 'content' : null;
    case 'role.changed':
    case 'session.revoked':
      return !member || event.to === member ? 'all' : null;
    default:
      return null;
  }
}
