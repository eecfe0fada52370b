import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { FORUM_EVENT_TYPES, type ForumEvent, type ForumEventType } from '@fenestra/shared';
import { queryKeys } from '../query-keys';
import { invalidateForEvent } from './invalidate-on-event';

// Every forum event type walked through the event table (FORUM_EVENTS in packages/shared) as the web app applies
// it: which of a tab's cached queries it makes stale (those on screen refetch). A type added to the table without a
// line here fails: say here what it must refresh.

const POST = 'post-1';
const OTHER = 'post-2';
const ME = 'member-a';

/** The queries a busy tab holds, by name. */
const CACHED = {
  me: queryKeys.me,
  config: queryKeys.config,
  settings: queryKeys.settings,
  notifications: queryKeys.notifications,
  post: queryKeys.post.one(POST),
  otherPost: queryKeys.post.one(OTHER),
  replies: queryKeys.replies.of(POST),
  otherReplies: queryKeys.replies.of(OTHER),
  homeList: queryKeys.posts.list({ scope: 'public' }),
  search: queryKeys.posts.search({ q: 'valve' }),
  similar: queryKeys.posts.similar(POST),
  memberPosts: queryKeys.posts.member('Ann'),
  bookmarks: queryKeys.bookmarks.all,
  memberBookmarks: queryKeys.bookmarks.member('Ann'),
  profile: queryKeys.members.profile('Ann'),
  memberReplies: queryKeys.members.replies('Ann'),
  linkPreview: queryKeys.linkPreview('https://example.com/'),
  adminStats: queryKeys.admin.stats,
  pending: queryKeys.admin.pending,
  log: queryKeys.admin.log.page({ page: 1 }),
  users: queryKeys.admin.users.page({ page: 1 }),
  analytics: queryKeys.admin.analytics('week'),
} as const;
type Cached = keyof typeof CACHED;
const lists: Cached[] = ['homeList', 'search', 'similar', 'memberPosts', 'bookmarks', 'memberBookmarks'];
const members: Cached[] = ['profile', 'memberReplies'];
const admin: Cached[] = ['adminStats', 'pending', 'log', 'users', 'analytics'];

const WALKS: Record<ForumEventType, { event: ForumEvent; stale: Cached[] }[]> = {
  'reply.created': [{ event: { type: 'reply.created', postId: POST, replyId: 'r' }, stale: ['post', 'replies'] }],
  'reply.updated': [{ event: { type: 'reply.updated', postId: POST, replyId: 'r' }, stale: ['post', 'replies'] }],
  'reply.deleted': [{ event: { type: 'reply.deleted', postId: POST, replyId: 'r' }, stale: ['post', 'replies'] }],
  'post.changed': [{ event: { type: 'post.changed', postId: POST }, stale: ['post', 'replies', ...lists] }],
  'notification.created': [{ event: { type: 'notification.created' }, stale: ['notifications'] }],
  'pending.changed': [{ event: { type: 'pending.changed' }, stale: admin }],
  'profile.changed': [
    { event: { type: 'profile.changed', userId: ME }, stale: ['me', 'settings', ...members, ...admin] },
    { event: { type: 'profile.changed', userId: 'member-b' }, stale: [...members, ...admin] },
  ],
  'session.revoked': [{ event: { type: 'session.revoked' }, stale: ['me', ...admin] }],
  'role.changed': [{ event: { type: 'role.changed' }, stale: ['me', ...admin] }],
  'flag.changed': [{ event: { type: 'flag.changed', targetType: 'post', targetId: POST }, stale: admin }],
  'settings.changed': [{ event: { type: 'settings.changed' }, stale: ['config'] }],
  // The home list's bar counts it; nothing refetches by itself.
  'post.published': [{ event: { type: 'post.published', postId: POST }, stale: [] }],
  'part.changed': [
    { event: { type: 'part.changed', partKey: 'TH2310' }, stale: ['homeList', 'memberPosts', 'search', 'similar'] },
  ],
  // No stream hears it: the server's cache drops its similar answers, and a page shown keeps its list.
  'similar.changed': [{ event: { type: 'similar.changed' }, stale: [] }],
};

function tab() {
  const client = new QueryClient();
  for (const [name, key] of Object.entries(CACHED)) client.setQueryData(key, name === 'me' ? { id: ME } : { name });
  const stale = () =>
    (Object.entries(CACHED) as [Cached, readonly unknown[]][])
      .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
      .map(([name]) => name);
  return { client, stale };
}

describe('the event table, walked type by type in the browser', () => {
  it('has a walk for every event type', () => {
    expect(Object.keys(WALKS).sort()).toEqual([...FORUM_EVENT_TYPES].sort());
  });

  it.each(FORUM_EVENT_TYPES)('%s makes stale what it changes, and nothing else', (type) => {
    for (const walk of WALKS[type]) {
      const { client, stale } = tab();
      invalidateForEvent(client, walk.event);
      expect({ event: walk.event, stale: stale().sort() }).toEqual({
        event: walk.event,
        stale: [...walk.stale].sort(),
      });
      client.clear();
    }
  });
});

describe('events that come faster than the API answers', () => {
  it('keep the running fetch, show its answer, and fetch once more after it for all that came meanwhile', async () => {
    const client = new QueryClient();
    // Each fetch of the bell's list waits for the answer the test gives it.
    const answers: ((list: string) => void)[] = [];
    const observer = new QueryObserver(client, {
      queryKey: queryKeys.notifications,
      queryFn: () => new Promise<string>((resolve) => answers.push(resolve)),
    });
    const stop = observer.subscribe(() => {});
    const shown = () => client.getQueryData<string>(queryKeys.notifications);
    answers[0]!('first');
    await vi.waitFor(() => expect(shown()).toBe('first'));

    // A new notification: the list refetches. Three more come while that fetch runs (a busy server).
    const created: ForumEvent = { type: 'notification.created' };
    invalidateForEvent(client, created);
    expect(answers).toHaveLength(2);
    for (let i = 0; i < 3; i++) invalidateForEvent(client, created);
    expect(answers).toHaveLength(2);
    answers[1]!('second');
    await vi.waitFor(() => expect(shown()).toBe('second'));
    // It may have read before the later ones: one more fetch, for the three.
    await vi.waitFor(() => expect(answers).toHaveLength(3));
    answers[2]!('third');
    await vi.waitFor(() => expect(shown()).toBe('third'));
    expect(answers).toHaveLength(3);
    expect(client.getQueryState(queryKeys.notifications)?.isInvalidated).toBe(false);
    stop();
    client.clear();
  });
});
