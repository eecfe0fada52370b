import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { markReadSchema, newReplyCountsSchema, readMarkSchema } from '@fenestra/shared';
import { answers, idParams, queryText, signedIn, verified } from '../../lib/route-contract.js';
import { viewerFrom } from '../posts/service.js';
import type { ReadingService } from './service.js';

// Members' reading marks (packages/shared/src/what-is-new.ts). Private to each member: never cached.
export async function readingRoutes(plainApp: FastifyInstance, opts: { reading: ReadingService }) {
  const app = plainApp.withTypeProvider<ZodTypeProvider>();
  const { reading } = opts;
  const mark = answers({ 200: readMarkSchema });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
  });

  app.get(
    '/api/posts/new-replies',
    {
      preValidation: signedIn,
      schema: {
        summary: 'Replies by others since the member last read each of these posts (ids: comma-separated)',
        querystring: z.object({ ids: queryText }),
        response: answers({ 200: newReplyCountsSchema }),
      },
    },
    async (request) => reading.newReplyCounts(viewerFrom(verified(request)), request.query.ids),
  );

  app.get(
    '/api/posts/:id/read',
    {
      preValidation: signedIn,
      schema: { summary: 'How far the member has read a post', params: idParams, response: mark },
    },
    async (request) => reading.readMark(viewerFrom(verified(request)), request.params.id),
  );

  app.put(
    '/api/posts/:id/read',
    {
      preValidation: signedIn,
      schema: {
        summary: 'Record that the member read a post up to a reply (or the post, when none is given)',
        params: idParams,
        body: markReadSchema,
        response: mark,
      },
    },
    async (request) => reading.markRead(viewerFrom(verified(request)), request.params.id, request.body),
  );
}
