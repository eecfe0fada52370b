import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { acceptReplySchema, acceptResultSchema, toggleResultSchema } from '@fenestra/shared';
import { answers, idParams, signedIn, verified } from '../../lib/route-contract.js';
import type { AnswersService } from './service.js';

// The accepted answer and 'Helpful' marks (packages/shared/src/editing.ts).
export async function answerRoutes(plainApp: FastifyInstance, opts: { answers: AnswersService }) {
  const app = plainApp.withTypeProvider<ZodTypeProvider>();
  const { answers: service } = opts;
  const accepted = answers({ 200: acceptResultSchema });

  app.post(
    '/api/posts/:id/accept',
    {
      preValidation: signedIn,
      schema: {
        summary: 'Accept a reply as the answer',
        params: idParams,
        body: acceptReplySchema,
        response: accepted,
      },
    },
    async (request) => service.accept(verified(request), request.params.id, request.body),
  );

  app.delete(
    '/api/posts/:id/accept',
    {
      preValidation: signedIn,
      schema: { summary: 'Take the accepted answer back (reopens)', params: idParams, response: accepted },
    },
    async (request) => service.unaccept(verified(request), request.params.id),
  );

  app.post(
    '/api/replies/:id/helpful',
    {
      preValidation: signedIn,
      schema: {
        summary: "Mark another member's reply helpful, or unmark it",
        params: idParams,
        response: answers({ 200: toggleResultSchema }),
      },
    },
    async (request) => service.toggleHelpful(verified(request), request.params.id),
  );
}
