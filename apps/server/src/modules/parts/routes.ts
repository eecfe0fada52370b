import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MSG,
  mergePartSchema,
  namePartSchema,
  partChangeResultSchema,
  partMatchesSchema,
  partPageSchema,
} from '@fenestra/shared';
import { answers, queryText, staffOnly, verified } from '../../lib/route-contract.js';
import { sendAnswer } from '../../cache/public-cache.js';
import { notFound } from '../../lib/errors.js';
import type { PartsService } from './service.js';

const numberParams = z.object({ number: z.string() });

// Part pages' data and staff's changes to parts (decision 034).
export async function partRoutes(plainApp: FastifyInstance, opts: { parts: PartsService }) {
  const app = plainApp.withTypeProvider<ZodTypeProvider>();
  const { parts } = opts;

  app.get(
    '/api/parts',
    {
      schema: {
        summary: 'The part pages a part number query finds (searched before the questions)',
        querystring: z.object({ q: queryText }),
        response: answers({ 200: partMatchesSchema }),
      },
    },
    async (request) => ({ parts: await parts.matches(request.query.q ?? '') }),
  );

  app.get(
    '/api/parts/:number',
    {
      schema: {
        summary: "A part's page: its name, photos, questions (solved first) and similar parts",
        params: numberParams,
        response: answers({ 200: partPageSchema }),
      },
    },
    async (request, reply) => {
      const resolved = await parts.resolve(request.params.number);
      const page = resolved ? await parts.page(resolved.key) : null;
      if (!page) throw notFound(MSG.partNotFound);
      return sendAnswer(request, reply, page);
    },
  );

  app.patch(
    '/api/parts/:number',
    {
      preValidation: staffOnly,
      schema: {
        summary: 'Name a part and give it a category (staff)',
        params: numberParams,
        body: namePartSchema,
        response: answers({ 200: partChangeResultSchema }),
      },
    },
    async (request) => parts.name(verified(request), request.params.number, request.body),
  );

  app.post(
    '/api/parts/:number/merge',
    {
      preValidation: staffOnly,
      schema: {
        summary: 'Merge a part number into another (staff)',
        params: numberParams,
        body: mergePartSchema,
        response: answers({ 200: partChangeResultSchema }),
      },
    },
    async (request) => parts.merge(verified(request), request.params.number, request.body),
  );
}
