import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { EVENTS_PATH, MAX_WATCHED_POSTS, SINCE_PATTERN, watchPostsSchema } from '@fenestra/shared';
import type { Db } from '../../db/client.js';
import { sessions } from '../../db/schema/index.js';
import { parse } from '../../lib/validation.js';
import { activeBan } from '../../lib/ban.js';
import { verifiedSessionToken } from '../../lib/session-cookie.js';
import { publishEvent } from '../../realtime/bus-event.js';
import type { StreamHub, StreamViewer } from '../../realtime/streams.js';
import { isStaffRole } from '@fenestra/shared';

const uuid = z.uuid();
const isUuid = (value: string) => uuid.safeParse(value).success;

/** `?posts=a,b`: the first posts to watch; anything that is not a post id is ignored. */
function postsFromQuery(raw: unknown): string[] {
  if (typeof raw !== 'string' || !raw) return [];
  return [...new Set(raw.split(',').filter(isUuid))].slice(0, MAX_WATCHED_POSTS);
}

/** `?since=<ms>.<instance>`: when the data of the page drawn by the server was read; anything else is ignored. */
const sinceFromQuery = (raw: unknown) => (typeof raw === 'string' && SINCE_PATTERN.test(raw) ? raw : undefined);

export async function eventRoutes(app: FastifyInstance, opts: { db: Db; hub: StreamHub; secret: string }) {
  const { db, hub, secret } = opts;

  /** The member behind the request with the session they use; banned members listen as visitors. */
  async function viewerOf(cookie: string | undefined, member: Awaited<ReturnType<typeof app.requireMember>> | null): Promise<StreamViewer | null> {
    if (!member || (await activeBan(db, member))) return null;
    const token = verifiedSessionToken(cookie, secret);
    const [session] = token ? await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.token, token)).limit(1) : [];
    return { memberId: member.id, sessionId: session?.id ?? null, isStaff: isStaffRole(member.role) };
  }

  app.get<{ Querystring: { posts?: string; since?: string } }>(EVENTS_PATH, async (request, reply) => {
    const viewer = await viewerOf(request.headers.cookie, await request.member());
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // Proxies (nginx) must pass events on at once rather than buffer them.
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
      'x-request-id': request.id,
    });
    res.write('retry: 3000\n\n');
    await hub.open(res, viewer, postsFromQuery(request.query.posts), sinceFromQuery(request.query.since));
  });

  // The PUT may reach another instance than the one holding the stream: then it travels on the event bus.
  app.put<{ Params: { streamId: string } }>(`${EVENTS_PATH}/:streamId/posts`, async (request, reply) => {
    const { postIds, since } = parse(watchPostsSchema, request.body);
    const { streamId } = request.params;
    if (!isUuid(streamId)) return reply.status(204).send();
    if (!(await hub.watch(streamId, postIds, since))) await publishEvent(db, { type: 'stream.watch', streamId, postIds, since });
    return reply.status(204).send();
  });
}
