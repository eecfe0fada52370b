import type { Topic } from '@fenestra/shared';

/** Every route of SPEC section 2, in one place. */
export const paths = {
  home: '/',
  homeFiltered: (filter: 'solved' | 'unsolved') => `/?filter=${filter}`,
  homeTopic: (topic: Topic) => `/?topic=${topic}`,
  auth: '/auth',
  signUp: '/auth?tab=signup',
  ask: '/ask',
  myPosts: '/my-posts',
  videos: '/resources/videos',
  bestPractices: '/resources/best-practices',
  bookmarks: '/bookmarks',
  settings: '/settings',
  search: (q: string) => `/search?q=${encodeURIComponent(q)}`,
  post: (id: string) => `/post/${encodeURIComponent(id)}`,
  user: (username: string) => `/user/${encodeURIComponent(username)}`,
  privacy: '/privacy',
  terms: '/terms',
  admin: '/admin',
  adminModeration: '/admin/moderation',
  adminAnalytics: '/admin/analytics',
  adminUnsolved: '/admin/unsolved',
  adminUsers: '/admin/users',
  googleSignIn: '/api/account/google?callbackURL=/',
} as const;
