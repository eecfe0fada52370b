import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config/env.js';
import type { PostsService } from '../posts/service.js';
import { sendCached } from '../../cache/public-cache.js';
import type { RepliesService } from './service.js';

type PostParams = { Params: { id: string }; Querystring: { cursor?: string } };

export async function replyRoutes(app: FastifyInstance, opts: { config: Config; posts: PostsService; replies: RepliesService }) {
  const { config, posts, replies } = opts;
  // Counted per member (the cookie's session), so members behind one address do not share a window.
  const replyLimit = {
    rateLimit: {
      max: config.rateLimit.replies,
      timeWindow: config.rateLimit.windowSeconds * 1000,
      keyGenerator: async (request: FastifyRequest) => (await request.member())?.id ?? request.ip,
    },
  };

  app.get<PostParams>('/api/posts/:id/replies', async (request, reply) => {
    // A public post's replies are the same for everyone; a pending post's only for its author and staff.
    const cached = await replies.publicReplies(request.params.id, request.query.cursor);
    if (cached) return sendCached(request, reply, cached);
    return replies.listReplies(await posts.viewerOf(await request.member()), request.params.id, request.query.cursor);
  });

  app.post<PostParams>('/api/posts/:id/replies', { config: replyLimit }, async (request, reply) => {
    const member = await app.requireMember(request);
    return reply.status(201).send(await replies.createReply(member, request.params.id, request.body));
  });
}
