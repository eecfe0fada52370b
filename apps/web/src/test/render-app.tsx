import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  MemoryRouter,
  useLocation,
  useNavigate,
  useNavigationType,
  type Location,
  type NavigationType,
  type NavigateFunction,
} from 'react-router';
import { vi } from 'vitest';
import { DEFAULT_PUSH_PREFERENCES, type Me, type PublicConfig } from '@fenestra/shared';
import { AppProviders } from '../app/providers';
import { AppRoutes } from '../app/router';
import { eagerPages } from './eager-routes';
import { createQueryClient } from '../lib/query-client';

export const member: Me = {
  id: 'u1',
  email: 'casey@example.com',
  username: 'casey',
  avatarUrl: null,
  role: 'user',
  isStaff: false,
  hasPassword: true,
  trustLevel: 1,
  emailVerified: true,
};
export const moderator: Me = { ...member, id: 'u2', username: 'mod_mia', role: 'moderator', isStaff: true };

type Reply = { status?: number; body?: unknown };
const noReplies: Reply = { body: { replies: [], nextCursor: null } };
/** Answers keyed 'METHOD /path'; a function sees the request's JSON body and its URL (for the query). */
export type Handlers = Record<string, Reply | ((body: unknown, url: URL) => Reply | Promise<Reply>)>;

interface RenderAppOptions {
  me?: Me | null;
  config?: Partial<PublicConfig>;
  handlers?: Handlers;
}

/** What tests read and drive of the router: where it is, how it got there, and navigate (Back is navigate(-1)). */
export interface TestRouter {
  state: { location: Location; historyAction: NavigationType };
  navigate: NavigateFunction;
}

function RouterProbe({ report }: { report: (router: TestRouter) => void }) {
  const navigate = useNavigate();
  report({
    state: { location: useLocation(), historyAction: useNavigationType() },
    navigate: ((to: never, options?: never) =>
      act(async () => {
        await navigate(to, options);
      })) as NavigateFunction,
  });
  return null;
}

/** The whole app at `path`, in a memory router, with `fetch` answering like the API. */
export function renderApp(path: string, { me = null, config = {}, handlers = {} }: RenderAppOptions = {}) {
  const defaults: Handlers = {
    'GET /api/me': { body: { me } },
    'GET /api/config': { body: { googleEnabled: false, videoGuidesUrl: '/resources/videos', ...config } },
    'GET /api/notifications': { body: { notifications: [], unreadCount: 0 } },
    'GET /api/settings/push': {
      body: { publicKey: 'B'.repeat(87), devices: [], preferences: DEFAULT_PUSH_PREFERENCES },
    },
  };
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const handler =
      handlers[key] ?? defaults[key] ?? (/^GET \/api\/posts\/[^/]+\/replies$/.test(key) ? noReplies : undefined);
    if (!handler) throw new Error(`Unexpected request in test: ${key}`);
    const reply =
      typeof handler === 'function'
        ? handler(typeof init?.body === 'string' ? JSON.parse(init.body) : undefined, url)
        : handler;
    // A handler may answer later (a promise): the test decides what happens on the page first.
    return Promise.resolve(reply).then(({ status = 200, body }) => {
      const sent = status >= 400 ? { requestId: 'req-test', ...(body as object) } : (body ?? {});
      return new Response(JSON.stringify(sent), { status, headers: { 'content-type': 'application/json' } });
    });
  });
  vi.stubGlobal('fetch', fetchMock);

  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  });
  const router = {} as TestRouter;
  const user = userEvent.setup({ delay: null });
  render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <RouterProbe report={(state) => Object.assign(router, state)} />
        <AppRoutes pages={eagerPages} />
      </MemoryRouter>
    </AppProviders>,
  );
  /** Where the router is now, as a path with its query. */
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { router, fetchMock, user, queryClient, location };
}
