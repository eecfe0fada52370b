import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/env.js';
import { sendAnswer } from '../../cache/public-cache.js';
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
  app.get<{ Querystring: Record<string, unknown> }>('/api/posts', async (request, reply) => {
    const query = posts.parseListQuery(request.query);
    if (query.scope === 'mine') return posts.listPosts(viewerFrom(await app.requireMember(request)), query);
    if (query.scope === 'unsolved-queue') return posts.listPosts(viewerFrom(await app.requireStaff(request)), query);
    // The lists every visitor sees alike come from the public-read cache.
    return sendAnswer(request, reply, await posts.publicList(await posts.viewerOf(await request.member()), query));
  });

  app.get<IdParams>('/api/posts/:id', async (request, reply) => {
    const viewer = await posts.viewerOf(await request.member());
    // A public post from the cache; one only some may see (pending, denied) the long way.
    const cached = await posts.publicPost(viewer, request.params.id);
    return cached ? sendAnswer(request, reply, cached) : posts.getPost(viewer, request.params.id);
  });

  app.post<IdParams>('/api/posts/:id/like', async (request) =>
    posts.toggleLike(await app.requireMember(request), request.params.id));

  app.post<IdParams>('/api/posts/:id/bookmark', async (request) =>
    posts.toggleBookmark(await app.requireMember(request), request.params.id));

  app.get<{ Querystring: { cursor?: string } }>('/api/bookmarks', async (request) =>
    posts.listBookmarks(viewerFrom(await app.requireMember(request)), request.query.cursor));
}
