import type { ServerResponse } from 'node:http';
import {
  MAX_WATCHED_POSTS,
  eventRow,
  isForumEventType,
  type CatchUpScope,
  type EventAudience,
  type EventPayloads,
  type EventRow,
  type EventType,
  type ForumEventType,
} from '@fenestra/shared';
import { namedMember, type BusEvent, type ForumBusEvent } from './bus-event.js';
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
 * The open streams of this instance and who may hear what: each event goes to the audience its row of the event
 * table says (FORUM_EVENTS in packages/shared: `to`, `onStream`, `catchUp`), e.g. reply and post events only for
 * the posts a stream watches, notifications to their member, staff events to staff.
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
  /** The streams of staff, as of their last (re)read: staff events go to these without a walk over every stream. */
  const staff = new Set<Stream>();
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
    staff.delete(stream);
  }
  function close(stream: Stream) {
    remove(stream);
    if (!stream.res.writableEnded) stream.res.end();
  }

  /** The streams of one audience of an event (see `hears`), through the indexes where there is one. */
  function audienceOf(audience: EventAudience, event: ForumBusEvent): Iterable<Stream> {
    switch (audience) {
      case 'watchers':
        return byPost.get(event.postId ?? '') ?? [];
      case 'member': {
        const member = namedMember(event);
        return member ? (byMember.get(member) ?? []) : [];
      }
      case 'staff':
        return staff;
      default:
        return [...streams.values()].filter((stream) => hears(stream, audience, event));
    }
  }
  /** Every stream an event reaches, once each (taken before anything is sent: a closed stream leaves the indexes). */
  function reachedBy(row: EventRow, event: ForumBusEvent): Stream[] {
    if (row.to.length === 1) return [...audienceOf(row.to[0]!, event)];
    const reached = new Set<Stream>();
    for (const audience of row.to) for (const stream of audienceOf(audience, event)) reached.add(stream);
    return [...reached];
  }
  /** The payload a stream is sent: the fields the event's row lists, from the bus event. */
  function payloadOf<T extends ForumEventType>(row: EventRow, event: ForumBusEvent & { type: T }): EventPayloads[T] {
    const payload: Record<string, string | undefined> = {};
    for (const field of row.payload) payload[field] = event[field as keyof ForumBusEvent];
    return payload as EventPayloads[T];
  }

  /** 'reread': the members' role and ban are read again; the stream narrows or widens, or ends for one who may no longer hold it. */
  async function reread(reached: Stream[], event: ForumBusEvent, row: EventRow) {
    const byViewer = new Map<string, Stream[]>();
    for (const stream of reached) {
      if (!stream.viewer) continue;
      byViewer.set(stream.viewer.memberId, [...(byViewer.get(stream.viewer.memberId) ?? []), stream]);
    }
    for (const [memberId, mine] of byViewer) {
      const now = await deps.reloadViewer(memberId);
      for (const stream of mine) {
        if (!now?.active) {
          send(stream, 'session.revoked', {});
          close(stream);
          continue;
        }
        stream.viewer!.isStaff = now.isStaff;
        if (now.isStaff) staff.add(stream);
        else staff.delete(stream);
        send(stream, event.type, payloadOf(row, event));
      }
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
      if (viewer?.isStaff) staff.add(stream);
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
      }
      // A type this build does not know (an instance of a newer build during a deploy) reaches no stream.
      if (!isForumEventType(event.type)) return;
      const row = eventRow(event.type);
      const reached = reachedBy(row, event);
      if (row.onStream === 'reread') return reread(reached, event, row);
      for (const stream of reached) {
        // 'close' for one session: only the streams opened with it.
        if (row.onStream === 'close' && event.sessionId && stream.viewer?.sessionId !== event.sessionId) continue;
        send(stream, event.type, payloadOf(row, event));
        if (row.onStream === 'close') close(stream);
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

/** Whether a stream is of an event's audience (as `deliver` reaches it). */
function hears(stream: Stream, audience: EventAudience, event: ForumBusEvent): boolean {
  switch (audience) {
    case 'watchers':
      return stream.watched.has(event.postId ?? '');
    case 'member': {
      const member = namedMember(event);
      return member !== undefined && stream.viewer?.memberId === member;
    }
    case 'staff':
      return stream.viewer?.isStaff === true;
    case 'visitors':
      return stream.viewer === null;
    case 'everyone':
      return true;
  }
}

/**
 * Whether a stream holding its set missed this event, and what its refetch then covers: the event's row's `catchUp`
 * names the audiences it counts for and their scope ('content' leaves /api/me and /api/config alone; 'all' wins).
 */
function missedBy(event: BusEvent, stream: Stream): CatchUpScope | null {
  if (event.type === 'stream.watch' || !isForumEventType(event.type)) return null;
  let missed: CatchUpScope | null = null;
  for (const [audience, scope] of Object.entries(eventRow(event.type).catchUp) as [EventAudience, CatchUpScope][]) {
    if (!hears(stream, audience, event)) continue;
    if (scope === 'all') return 'all';
    missed = scope;
  }
  return missed;
}
