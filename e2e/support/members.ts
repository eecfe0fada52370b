import type { APIRequestContext, BrowserContext } from '@playwright/test';
import { E2E_BASE_URL } from './env';
import { e2eDb } from './db';

export interface TestMember {
  email: string;
  password: string;
  username: string;
  id: string;
}

let n = 0;
export const uniqueEmail = (label = 'member') => `${label}-${Date.now()}-${process.pid}-${++n}@example.com`;
export const PASSWORD = 'Window-crank7';

/** Signs a member up through the API with the given request context (its cookies become the member's). */
export async function createMember(
  request: APIRequestContext,
  opts: { username?: string; role?: 'admin' | 'moderator' | 'user'; trustLevel?: number } = {},
): Promise<TestMember> {
  const email = uniqueEmail(opts.username ?? 'member');
  const res = await request.post(`${E2E_BASE_URL}/api/account/sign-up`, {
    headers: { origin: E2E_BASE_URL },
    data: { email, password: PASSWORD, ...(opts.username ? { username: opts.username } : {}) },
  });
  if (!res.ok()) throw new Error(`sign-up failed: ${res.status()} ${await res.text()}`);
  const { me } = await res.json();
  // Level 1 (Member), locked so the hourly trust job leaves it: new members' limits are flags.spec.ts's own.
  await e2eDb().query('UPDATE profiles SET trust_level = $2, trust_locked = $3 WHERE id = $1', [
    me.id,
    opts.trustLevel ?? 1,
    opts.trustLevel === undefined,
  ]);
  if (opts.role && opts.role !== 'user') {
    await e2eDb().query(
      `INSERT INTO user_roles (user_id, role) VALUES ($1, $2) ON CONFLICT (user_id) DO UPDATE SET role = EXCLUDED.role`,
      [me.id, opts.role],
    );
  }
  return { email, password: PASSWORD, username: me.username, id: me.id };
}

/** A browser context signed in as a new member (through the API, not the form: fast). */
export async function signedInContext(context: BrowserContext, opts: Parameters<typeof createMember>[1] = {}) {
  return createMember(context.request, opts);
}
