import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { EVENTS_PATH, MAX_WATCHED_POSTS, SINCE_PATTERN, noBodySchema, watchPostsSchema } from '@fenestra/shared';
import type { Db } from '../../db/client.js';
import { sessions } from '../../db/schema/index.js';
import { answers, noContent, queryText, textAnswer } from '../../lib/route-contract.js';
import { activeBan } from '../../lib/ban.js';
import { verifiedSessionToken } from '../../lib/session-cookie.js';
import { publishEvent } from '../../realtime/bus-event.js';
import type { StreamHub, StreamViewer } from '../../realtime/streams.js';
import { streamQuota, type StreamQuota } from '../../realtime/stream-quota.js';
import { AppError } from '../../lib/errors.js';
import { MSG, isStaffRole } from '@fenestra/shared';

const uuid = z.uuid();
const isUuid = (value: string) => uuid.safeParse(value).success;

/** `?posts=a,b`: the first posts to watch; anything that is not a post id is ignored. */
function postsFromQuery(raw: unknown): string[] {
  if (typeof raw !== 'string' || !raw) return [];
  return [...new Set(raw.split(',').filter(isUuid))].slice(0, MAX_WATCHED_POSTS);
}

/** `?since=<ms>.<instance>`: when the data of the page drawn by the server was read; anything else is ignored. */
const sinceFromQuery = (raw: unknown) => (typeof raw === 'string' && SINCE_PATTERN.test(raw) ? raw : undefined);

/** How soon a client refused a stream (too many open) may ask again. */
const STREAM_RETRY_AFTER_SECONDS = 30;

export async function eventRoutes(
  plainApp: FastifyInstance,
  opts: { db: Db; hub: StreamHub; secret: string; quota?: StreamQuota },
) {
  const app = plainApp.withTypeProvider<ZodTypeProvider>();
  const { db, hub, secret } = opts;
  const quota = opts.quota ?? streamQuota();

  /** The member behind the request with the session they use; banned members listen as visitors. */
  async function viewerOf(
    cookie: string | undefined,
    member: Awaited<ReturnType<typeof app.requireMember>> | null,
  ): Promise<StreamViewer | null> {
    if (!member || (await activeBan(db, member))) return null;
    const token = verifiedSessionToken(cookie, secret);
    const [session] = token
      ? await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.token, token)).limit(1)
      : [];
    return { memberId: member.id, sessionId: session?.id ?? null, isStaff: isStaffRole(member.role) };
  }

  app.get(
    EVENTS_PATH,
    {
      schema: {
        summary: 'The live event stream (Server-Sent Events)',
        querystring: z.object({ posts: queryText, since: queryText }),
        response: answers({
          200: textAnswer('text/event-stream', 'Events, as the event table in packages/shared names them'),
        }),
      },
    },
    async (request, reply) => {
      const viewer = await viewerOf(request.headers.cookie, await request.member());
      const place = quota.take(request.ip, viewer?.memberId ?? null);
      if (!place) {
        // The browser's client backs off and opens its stream again later (lib/realtime/event-stream.ts).
        reply.header('Retry-After', String(STREAM_RETRY_AFTER_SECONDS));
        throw new AppError(429, 'TOO_MANY_REQUESTS', MSG.tooManyStreams);
      }
      reply.raw.once('close', place);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'private, no-store',
        // Proxies (nginx) must pass events on at once rather than buffer them.
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
        'x-request-id': request.id,
      });
      res.write('retry: 3000\n\n');
      await hub.open(res, viewer, postsFromQuery(request.query.posts), sinceFromQuery(request.query.since));
    },
  );

  // The PUT may reach another instance than the one holding the stream: then it travels on the event bus.
  app.put(
    `${EVENTS_PATH}/:streamId/posts`,
    {
      schema: {
        summary: 'Which posts a stream watches',
        params: z.object({ streamId: z.string() }),
        body: watchPostsSchema,
        response: answers({ 204: noBodySchema }),
      },
    },
    async (request, reply) => {
      const { postIds, since } = request.body;
      const { streamId } = request.params;
      if (!isUuid(streamId)) return noContent(reply);
      if (!(await hub.watch(streamId, postIds, since)))
        await publishEvent(db, { type: 'stream.watch', streamId, postIds, since });
      return noContent(reply);
    },
  );
}
