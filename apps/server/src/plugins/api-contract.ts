import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isStaffRole } from '@fenestra/shared';
import { contractJson } from '../lib/contract-json.js';
import { invalidInput } from '../lib/validation.js';
import { notFound } from '../lib/errors.js';
import { JSON_TYPE } from '../cache/public-cache.js';
import { apiDocsPage, type OpenApiDocument } from './api-docs-page.js';

/** A route as registered, with what it declares (the contract test walks them). */
export interface RouteContract {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after this plugin, with its schema. */
    routeContracts: RouteContract[];
  }
}

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

/**
 * Routes declare what they take and give with the zod contracts of packages/shared (issue 22, decision 024):
 * - params, query and body are parsed before the handler, so services take parsed values; a failure is the 400
 *   with the product's message and field that lib/validation.ts gives (an absent body is read as `{}`, as there).
 * - an answer is written through its status's contract with fast-json-stringify: fields the contract does not name
 *   never leave. Cached answers are bytes already written through the same contracts (lib/contract-json.ts).
 * - the OpenAPI 3.1 document and a page reading it are made from the same schemas; staff only in production.
 * Registered before the routes: @fastify/swagger collects them as they are added.
 */
export const apiContract = fp(async (app: FastifyInstance, opts: { production: boolean }) => {
  app.decorateRequest('verifiedMember', null);
  const routeContracts: RouteContract[] = [];
  app.decorate('routeContracts', routeContracts);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeContracts.push({ method, url: route.url, schema: route.schema });
  });
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const contract = schema as unknown as z.ZodType;
    return (data: unknown) => {
      const result = contract.safeParse(httpPart === 'body' ? (data ?? {}) : data);
      return result.success ? { value: result.data } : { error: invalidInput(result.error) };
    };
  });
  app.setSerializerCompiler(({ schema }) => contractJson(schema as unknown as z.ZodType));

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Fenestra API',
        version: '1.0.0',
        description:
          'The forum’s HTTP API. Sessions are httpOnly cookies; every state-changing request must come from the ' +
          'forum’s own origin. Errors are `{ error, message, statusCode, requestId, field? }`.',
      },
    },
    // The API only: pages, built files and stored media are not part of it.
    transform: (route) =>
      route.url.startsWith('/api/') ? jsonSchemaTransform(route) : { schema: { hide: true }, url: route.url },
  });

  // Open in development; staff only in production (anyone else is told there is nothing here).
  const readers = async (request: FastifyRequest) => {
    if (!opts.production) return;
    const member = await request.member();
    if (!member || !isStaffRole(member.role)) throw notFound();
  };
  let documentJson: string | null = null;
  let page: string | null = null;
  const documentText = () => (documentJson ??= JSON.stringify(app.swagger()));

  app.get(
    OPENAPI_PATH,
    {
      preHandler: readers,
      schema: {
        summary: 'This document',
        tags: ['docs'],
        response: { 200: z.record(z.string(), z.unknown()).meta({ description: 'The OpenAPI 3.1 document' }) },
      },
    },
    async (_request, reply) => reply.header('Cache-Control', 'no-store').type(JSON_TYPE).send(documentText()),
  );

  app.get(
    DOCS_PATH,
    {
      preHandler: readers,
      schema: {
        summary: 'This API, readable',
        tags: ['docs'],
        response: { 200: z.string().meta({ description: 'An HTML page' }) },
      },
    },
    async (_request, reply) => {
      page ??= apiDocsPage(JSON.parse(documentText()) as OpenApiDocument);
      return reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(page);
    },
  );
});
