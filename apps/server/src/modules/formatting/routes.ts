import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { markdownPreviewRequestSchema, markdownPreviewSchema } from '@fenestra/shared';
import { answers, signedIn } from '../../lib/route-contract.js';
import { renderMemberText } from '../../lib/member-markdown.js';
import type { Db } from '../../db/client.js';
import { resolveMentions } from '../mentions/service.js';

// The composer's Preview: the page's own renderer, so what a member previews is what the page will show (and the
// app ships no Markdown library).
export async function formattingRoutes(plainApp: FastifyInstance, opts: { db: Db }) {
  const app = plainApp.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/markdown/preview',
    {
      preValidation: signedIn,
      schema: {
        summary: 'Render Markdown as a question or reply would show it',
        body: markdownPreviewRequestSchema,
        response: answers({ 200: markdownPreviewSchema }),
      },
    },
    async (request) => ({
      html: renderMemberText(request.body.text, await resolveMentions(opts.db, request.body.text)).html,
    }),
  );
}
