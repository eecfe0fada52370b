import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { mentionSuggestionsQuerySchema, mentionSuggestionsSchema } from '@fenestra/shared';
import type { Db } from '../../db/client.js';
import type { MediaAddress } from '../../lib/media-address.js';
import { answers, signedIn } from '../../lib/route-contract.js';
import { mentionSuggestions } from './service.js';

// The composer's '@' suggestions (issue 25 'Mentions').
export async function mentionRoutes(plainApp: FastifyInstance, opts: { db: Db; media: MediaAddress }) {
  const app = plainApp.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/mentions/suggestions',
    {
      preValidation: signedIn,
      schema: {
        summary: "Members to mention for '@' and the letters typed, the post's thread first",
        querystring: mentionSuggestionsQuerySchema,
        response: answers({ 200: mentionSuggestionsSchema }),
      },
    },
    async (request) => {
      const { q, postId } = request.query;
      return mentionSuggestions(opts.db, opts.media, q, postId ?? null);
    },
  );
}
