import { DEFAULT_EMAIL_PREFERENCES, type MemberProfile, type PostSummary, type Settings } from '@fenestra/shared';

/** casey's settings as GET /api/settings answers them (render-app's `member` is casey). */
export function makeSettings(overrides: Partial<Settings> = {}): Settings {
  return {
    username: 'casey',
    bio: 'I restore old sash windows.',
    avatarUrl: null,
    email: 'casey@example.com',
    emailPreferences: { ...DEFAULT_EMAIL_PREFERENCES },
    digest: 'off',
    hasPassword: true,
    ...overrides,
  };
}

/** A member's profile as GET /api/users/:username answers it for a non-staff viewer. */
export function makeProfile(overrides: Partial<MemberProfile> = {}): MemberProfile {
  return {
    id: 'u1',
    username: 'casey',
    bio: 'I restore old sash windows.',
    avatarUrl: null,
    role: 'user',
    status: null,
    banReason: null,
    joinedAt: '2026-03-14T10:00:00.000Z',
    postCount: 12,
    replyCount: 34,
    helpfulCount: 5,
    solutionCount: 2,
    isSelf: false,
    ...overrides,
  };
}

/** A public post with no media. */
export function makePostSummary(id: string, title: string, username = 'casey'): PostSummary {
  return {
    id,
    topic: 'windows',
    title,
    preview: 'The crank on my casement window spins without opening it.',
    status: 'open',
    denialReason: null,
    createdAt: new Date(Date.now() - 3600 * 1000).toISOString(),
    author: { id: 'u1', username, avatarUrl: null },
    tags: [],
    images: [],
    video: null,
    replyCount: 0,
    voteCount: 0,
    bookmarkCount: 0,
    editedAt: null,
    answeredBy: null,
    liked: false,
    bookmarked: false,
  };
}

/** The JSON bodies the fetch mock was sent for `METHOD path`. */
export function sentBodies(fetchMock: { mock: { calls: unknown[][] } }, method: string, pathname: string): unknown[] {
  return fetchMock.mock.calls
    .map(([input, init]) => ({
      url: new URL(String(input), 'http://localhost'),
      init: init as RequestInit | undefined,
    }))
    .filter(({ url, init }) => (init?.method ?? 'GET') === method && url.pathname === pathname)
    .map(({ init }) => (typeof init?.body === 'string' ? JSON.parse(init.body) : undefined));
}
