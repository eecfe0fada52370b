import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { similarQuestionsSchema } from '@fenestra/shared';
import { sendCached } from '../../cache/public-cache.js';
import { answers, idParams, queryText } from '../../lib/route-contract.js';
import type { PostsService } from '../posts/service.js';
import type { SimilarService } from './service.js';

export async function similarRoutes(plainApp: FastifyInstance, opts: { posts: PostsService; similar: SimilarService }) {
  const app = plainApp.withTypeProvider<ZodTypeProvider>();
  const { posts, similar } = opts;
  const similarAnswer = answers({ 200: similarQuestionsSchema });

  app.get(
    '/api/similar',
    {
      schema: {
        summary: 'Questions like an ask-page draft',
        querystring: z.object({ title: queryText, description: queryText }),
        response: similarAnswer,
      },
    },
    async (request) => similar.forDraft(request.query),
  );

  app.get(
    '/api/posts/:id/similar',
    { schema: { summary: 'Questions like a post', params: idParams, response: similarAnswer } },
    async (request, reply) => {
      // A public post's list is the same for everyone (only public posts are listed): kept in the public-read cache.
      const cached = await similar.publicForPost(request.params.id);
      if (cached) return sendCached(request, reply, cached);
      return similar.forPost(await posts.viewerOf(await request.member()), request.params.id);
    },
  );
}
