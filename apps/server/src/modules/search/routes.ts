import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { searchResultsSchema } from '@fenestra/shared';
import { sendAnswer } from '../../cache/public-cache.js';
import { answers, queryText } from '../../lib/route-contract.js';
import type { PostsService } from '../posts/service.js';
import type { SearchService } from './service.js';

const searchQuery = z.object({ q: queryText, topic: queryText, status: queryText, cursor: queryText });

// Search is reading: visitors may search too (DESIGN.md 'Who may search').
export async function searchRoutes(plainApp: FastifyInstance, opts: { posts: PostsService; search: SearchService }) {
  const app = plainApp.withTypeProvider<ZodTypeProvider>();
  const { posts, search } = opts;

  app.get(
    '/api/search',
    { schema: { summary: 'Search posts', querystring: searchQuery, response: answers({ 200: searchResultsSchema }) } },
    async (request, reply) => {
      const { q, topic, status, cursor } = request.query;
      return sendAnswer(
        request,
        reply,
        await search.publicSearch(await posts.viewerOf(await request.member()), { q, topic, status, cursor }),
      );
    },
  );
}
