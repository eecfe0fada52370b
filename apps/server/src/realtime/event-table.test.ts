import type { ServerResponse } from 'node:http';
import { describe, it, expect } from 'vitest';
import { FORUM_EVENT_TYPES, type ForumEventType } from '@fenestra/shared';
import { tagsDroppedBy } from '../cache/public-cache.js';
import type { ForumBusEvent } from './bus-event.js';
import { recentEvents } from './recent-events.js';
import { streamHub, type StreamViewer } from './streams.js';

// Every forum event type walked through the event table (FORUM_EVENTS in packages/shared) as the server applies it:
// the public-read cache tags it drops, the streams that hear it and what they are sent, the streams it closes, and
// which streams a page drawn by the server before it refetches for (catch-up). A type added to the table without a
// line here fails: say here what it must do.

const POST = '0b6f6e7e-1111-4c3a-9d6e-000000000001';
const OTHER_POST = '0b6f6e7e-1111-4c3a-9d6e-000000000002';
const REPLY = '0b6f6e7e-2222-4c3a-9d6e-000000000001';

/** The streams each event is tried on. */
const VIEWERS = {
  /** A visitor whose page shows POST. */
  watcher: null,
  /** A visitor whose page shows another post. */
  visitor: null,
  /** The member the events name, on the session they name. */
  memberA: { memberId: 'member-a', sessionId: 'session-a', isStaff: false },
  /** Member A again, on another session. */
  memberA2: { memberId: 'member-a', sessionId: 'session-a2', isStaff: false },
  memberB: { memberId: 'member-b', sessionId: 'session-b', isStaff: false },
  staff: { memberId: 'staff-1', sessionId: 'session-s', isStaff: true },
} satisfies Record<string, StreamViewer | null>;
type Who = keyof typeof VIEWERS;
const EVERYONE = Object.keys(VIEWERS) as Who[];
const watchedBy = (who: Who) => (who === 'watcher' ? [POST] : who === 'visitor' ? [OTHER_POST] : []);

interface Walk {
  /** The event as a trigger (or a publisher in code) puts it on the bus. */
  bus: ForumBusEvent;
  /** The public-read cache tags it drops. */
  drops: string[] | 'all';
  /** Who hears it, and the payload they get. */
  hears: Who[];
  payload: Record<string, string>;
  /** Streams ended after it. */
  closes?: Who[];
  /** Streams opened for a page drawn before it: what they are told to refetch ('content' or everything). */
  catchUp: Partial<Record<Who, 'content' | 'all'>>;
}

const replyWalk = (type: 'reply.created' | 'reply.updated' | 'reply.deleted'): Walk => ({
  bus: { type, postId: POST, replyId: REPLY },
  drops: [`post:${POST}`, 'profiles', 'search', 'pages'],
  hears: ['watcher'],
  payload: { postId: POST, replyId: REPLY },
  catchUp: { watcher: 'content' },
});
const signedOut: Walk['catchUp'] = { memberA: 'all', memberA2: 'all', watcher: 'all', visitor: 'all' };

const WALKS: Record<ForumEventType, Walk> = {
  'reply.created': replyWalk('reply.created'),
  'reply.updated': replyWalk('reply.updated'),
  'reply.deleted': replyWalk('reply.deleted'),
  'post.changed': {
    bus: { type: 'post.changed', postId: POST },
    drops: ['lists', 'profiles', 'search', `post:${POST}`, 'pages'],
    hears: ['watcher'],
    payload: { postId: POST },
    catchUp: { watcher: 'content' },
  },
  // A new public question: every stream hears it (the home list's bar); nothing is dropped or refetched for it.
  'post.published': {
    bus: { type: 'post.published', postId: OTHER_POST },
    drops: [],
    hears: EVERYONE,
    payload: { postId: OTHER_POST },
    catchUp: {},
  },
  'notification.created': {
    bus: { type: 'notification.created', to: 'member-a' },
    drops: [],
    hears: ['memberA', 'memberA2'],
    payload: {},
    catchUp: { memberA: 'content', memberA2: 'content' },
  },
  'pending.changed': {
    bus: { type: 'pending.changed' },
    drops: [],
    hears: ['staff'],
    payload: {},
    catchUp: { staff: 'content' },
  },
  'profile.changed': {
    bus: { type: 'profile.changed', userId: 'member-a' },
    drops: ['member:member-a'],
    hears: ['memberA', 'memberA2', 'staff'],
    payload: { userId: 'member-a' },
    catchUp: { memberA: 'all', memberA2: 'all', staff: 'content' },
  },
  'session.revoked': {
    bus: { type: 'session.revoked', to: 'member-a', sessionId: 'session-a' },
    drops: ['member:member-a'],
    hears: ['memberA'],
    payload: {},
    closes: ['memberA'],
    catchUp: signedOut,
  },
  'role.changed': {
    bus: { type: 'role.changed', to: 'member-a' },
    drops: ['member:member-a'],
    hears: ['memberA', 'memberA2'],
    payload: {},
    catchUp: signedOut,
  },
  'flag.changed': {
    bus: { type: 'flag.changed', targetType: 'reply', targetId: REPLY },
    drops: [],
    hears: ['staff'],
    payload: { targetType: 'reply', targetId: REPLY },
    catchUp: { staff: 'content' },
  },
  'settings.changed': {
    bus: { type: 'settings.changed' },
    drops: 'all',
    hears: EVERYONE,
    payload: {},
    catchUp: Object.fromEntries(EVERYONE.map((who) => [who, 'all'])),
  },
  'part.changed': {
    bus: { type: 'part.changed', partKey: 'TH2310' },
    drops: ['pages'],
    hears: [],
    payload: { partKey: 'TH2310' },
    catchUp: {},
  },
  'similar.changed': {
    bus: { type: 'similar.changed' },
    drops: ['similar'],
    hears: [],
    payload: {},
    catchUp: {},
  },
};

/** A response that keeps what it is sent, read back as SSE messages. */
function fakeResponse() {
  const chunks: string[] = [];
  const res = {
    destroyed: false,
    writableEnded: false,
    writableLength: 0,
    write: (chunk: string) => chunks.push(chunk) > 0,
    end() {
      res.writableEnded = true;
    },
    on: () => res,
  };
  const messages = () =>
    chunks.map((chunk) => {
      const [, type = '', data = ''] = /^event: (.*)\ndata: (.*)\n\n$/.exec(chunk) ?? [];
      return { type, data: JSON.parse(data) as Record<string, string> };
    });
  return { res: res as unknown as ServerResponse, messages, ended: () => res.writableEnded };
}

/** A hub with one stream per viewer; `since` opens them for a page drawn before the event. */
async function hubWithStreams(opts: { before?: ForumBusEvent } = {}) {
  let now = 1_000_000;
  const recent = recentEvents(() => now);
  recent.listening();
  const since = recent.stamp();
  now += 1;
  if (opts.before) recent.add(opts.before);
  const hub = streamHub({
    recent,
    heartbeatMs: 60_000,
    visiblePosts: async (_viewer, ids) => ids,
    reloadViewer: async () => ({ isStaff: false, active: true }),
  });
  const streams = {} as Record<Who, ReturnType<typeof fakeResponse>>;
  for (const who of EVERYONE) {
    streams[who] = fakeResponse();
    const viewer = VIEWERS[who] && { ...VIEWERS[who] };
    await hub.open(streams[who].res, viewer, watchedBy(who), opts.before ? since : undefined);
  }
  return { hub, streams };
}

describe('the event table, walked type by type on the server', () => {
  it('has a walk for every event type, and none for a type it does not have', () => {
    expect(Object.keys(WALKS).sort()).toEqual([...FORUM_EVENT_TYPES].sort());
  });

  it.each(FORUM_EVENT_TYPES)('%s drops its public-cache tags', (type) => {
    expect(tagsDroppedBy(WALKS[type].bus)).toEqual(WALKS[type].drops);
  });

  it.each(FORUM_EVENT_TYPES)('%s reaches its audience with its ids only, and ends what it ends', async (type) => {
    const walk = WALKS[type];
    const { hub, streams } = await hubWithStreams();
    await hub.deliver(walk.bus);
    for (const who of EVERYONE) {
      const after = streams[who].messages().slice(1);
      expect({ who, messages: after }).toEqual({
        who,
        messages: walk.hears.includes(who) ? [{ type, data: walk.payload }] : [],
      });
      expect({ who, ended: streams[who].ended() }).toEqual({ who, ended: walk.closes?.includes(who) ?? false });
    }
    hub.closeAll();
  });

  it.each(FORUM_EVENT_TYPES)(
    '%s, heard before a page drawn earlier opens its stream, refetches what it must',
    async (type) => {
      const walk = WALKS[type];
      const { hub, streams } = await hubWithStreams({ before: walk.bus });
      for (const who of EVERYONE) {
        const [first] = streams[who].messages();
        const scope = walk.catchUp[who];
        const told =
          first?.type === 'stream.refetch' ? (first.data.scope === 'content' ? 'content' : 'all') : undefined;
        expect({ who, told }).toEqual({ who, told: scope });
      }
      hub.closeAll();
    },
  );

  it('ends a stream whose member may no longer hold it on role.changed, with session.revoked', async () => {
    const recent = recentEvents(() => 0);
    const hub = streamHub({
      recent,
      heartbeatMs: 60_000,
      visiblePosts: async (_viewer, ids) => ids,
      reloadViewer: async () => null,
    });
    const stream = fakeResponse();
    await hub.open(stream.res, { ...VIEWERS.memberA }, []);
    await hub.deliver({ type: 'role.changed', to: 'member-a' });
    expect(stream.messages().slice(1)).toEqual([{ type: 'session.revoked', data: {} }]);
    expect(stream.ended()).toBe(true);
  });

  it('widens and narrows a stream at once on role.changed: staff events follow the role read again', async () => {
    let isStaff = true;
    const hub = streamHub({
      recent: recentEvents(() => 0),
      heartbeatMs: 60_000,
      visiblePosts: async (_viewer, ids) => ids,
      reloadViewer: async () => ({ isStaff, active: true }),
    });
    const stream = fakeResponse();
    await hub.open(stream.res, { ...VIEWERS.memberA }, []);
    await hub.deliver({ type: 'pending.changed' });
    await hub.deliver({ type: 'role.changed', to: 'member-a' });
    await hub.deliver({ type: 'pending.changed' });
    isStaff = false;
    await hub.deliver({ type: 'role.changed', to: 'member-a' });
    await hub.deliver({ type: 'flag.changed', targetType: 'post', targetId: POST });
    expect(stream.messages().map((m) => m.type)).toEqual([
      'stream.ready',
      'role.changed',
      'pending.changed',
      'role.changed',
    ]);
    hub.closeAll();
  });

  it('drops everything for an event that lacks the id a tag needs, and nothing for a type it does not know', () => {
    expect(tagsDroppedBy({ type: 'post.changed' })).toBe('all');
    expect(tagsDroppedBy({ type: 'profile.changed' })).toBe('all');
    expect(tagsDroppedBy({ type: 'later.event' } as unknown as ForumBusEvent)).toEqual([]);
  });
});
