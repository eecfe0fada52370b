import { partNumberKey, type Sort, type StatusFilter, type Topic } from '@fenestra/shared';

export interface HomeSelection {
  topic: Topic | null;
  filter: StatusFilter;
  sort: Sort;
}

/** The home list for a topic, status and sort; defaults stay out of the address. */
function homeList({ topic, filter, sort }: HomeSelection): string {
  const query = new URLSearchParams();
  if (topic) query.set('topic', topic);
  if (filter !== 'all') query.set('filter', filter);
  if (sort !== 'recent') query.set('sort', sort);
  const search = query.toString();
  return search ? `/?${search}` : '/';
}

/** Every route of SPEC section 2, in one place. */
export const paths = {
  home: '/',
  homeFiltered: (filter: 'solved' | 'unsolved') => `/?filter=${filter}`,
  homeTopic: (topic: Topic) => `/?topic=${topic}`,
  homeList,
  auth: '/auth',
  signUp: '/auth?tab=signup',
  ask: '/ask',
  myPosts: '/my-posts',
  videos: '/resources/videos',
  bestPractices: '/resources/best-practices',
  bookmarks: '/bookmarks',
  settings: '/settings',
  notifications: '/notifications',
  search: (q: string) => `/search?q=${encodeURIComponent(q)}`,
  post: (id: string) => `/post/${encodeURIComponent(id)}`,
  editPost: (id: string) => `/post/${encodeURIComponent(id)}/edit`,
  user: (username: string) => `/user/${encodeURIComponent(username)}`,
  privacy: '/privacy',
  terms: '/terms',
  tags: '/tags',
  tag: (tag: string) => `/tags/${encodeURIComponent(tag.toLowerCase())}`,
  /** A tag page with the home list's filters and sorts. */
  tagList: (tag: string, selection: HomeSelection) =>
    `/tags/${encodeURIComponent(tag.toLowerCase())}${homeList(selection).slice(1)}`,
  part: (number: string) => `/parts/${encodeURIComponent(partNumberKey(number))}`,
  admin: '/admin',
  adminModeration: '/admin/moderation',
  adminAnalytics: '/admin/analytics',
  adminUnsolved: '/admin/unsolved',
  adminUsers: '/admin/users',
  adminSettings: '/admin/settings',
  googleSignIn: '/api/account/google?callbackURL=/',
} as const;
