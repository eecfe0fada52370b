import type { FastifyInstance } from 'fastify';
import { sendAnswer } from '../../cache/public-cache.js';
import type { PostsService } from '../posts/service.js';
import type { SearchQuery, SearchService } from './service.js';

// Search is reading: visitors may search too (DESIGN.md 'Who may search').
export async function searchRoutes(app: FastifyInstance, opts: { posts: PostsService; search: SearchService }) {
  const { posts, search } = opts;

  app.get<{ Querystring: Partial<SearchQuery> }>('/api/search', async (request, reply) => {
    const { q, topic, status, cursor } = request.query;
    return sendAnswer(request, reply, await search.publicSearch(await posts.viewerOf(await request.member()), { q, topic, status, cursor }));
  });
}
