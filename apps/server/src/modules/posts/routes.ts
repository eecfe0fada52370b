import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/env.js';
import { viewerFrom, type PostsService } from './service.js';

type IdParams = { Params: { id: string } };

export async function postRoutes(app: FastifyInstance, opts: { config: Config; posts: PostsService }) {
  const { config, posts } = opts;
  const postingLimit = { rateLimit: { max: config.rateLimit.posts, timeWindow: config.rateLimit.windowSeconds * 1000 } };

  app.post('/api/posts', { config: postingLimit }, async (request, reply) => {
    const member = await app.requireMember(request);
    return reply.status(201).send(await posts.createPost(member, request.body));
  });

  // Who may read depends on the list: 'mine' needs a member, the unsolved queue needs staff.
  app.get<{ Querystring: Record<string, unknown> }>('/api/posts', async (request) => {
    const query = posts.parseListQuery(request.query);
    const viewer = query.scope === 'mine' ? viewerFrom(await app.requireMember(request))
      : query.scope === 'unsolved-queue' ? viewerFrom(await app.requireStaff(request))
        : await posts.viewerOf(await request.member());
    return posts.listPosts(viewer, query);
  });

  app.get<IdParams>('/api/posts/:id', async (request) =>
    posts.getPost(await posts.viewerOf(await request.member()), request.params.id));

  app.post<IdParams>('/api/posts/:id/like', async (request) =>
    posts.toggleLike(await app.requireMember(request), request.params.id));

  app.post<IdParams>('/api/posts/:id/bookmark', async (request) =>
    posts.toggleBookmark(await app.requireMember(request), request.params.id));

  app.get<{ Querystring: { cursor?: string } }>('/api/bookmarks', async (request) =>
    posts.listBookmarks(viewerFrom(await app.requireMember(request)), request.query.cursor));
}
