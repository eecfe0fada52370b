import type { FastifyInstance } from 'fastify';
import type { PostsService } from '../posts/service.js';
import type { SimilarService } from './service.js';

export async function similarRoutes(app: FastifyInstance, opts: { posts: PostsService; similar: SimilarService }) {
  const { posts, similar } = opts;

  app.get<{ Querystring: { title?: unknown; description?: unknown } }>('/api/similar', async (request) =>
    similar.forDraft(request.query));

  app.get<{ Params: { id: string } }>('/api/posts/:id/similar', async (request) =>
    similar.forPost(await posts.viewerOf(await request.member()), request.params.id));
}
