import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { editPostSchema, editReplySchema, editResultSchema, revisionListSchema } from '@fenestra/shared';
import { answers, idParams, signedIn, staffOnly, verified } from '../../lib/route-contract.js';
import type { PostsService } from '../posts/service.js';
import type { EditingService } from './service.js';

// Editing questions and replies, their revisions, and staff restoring one (packages/shared/src/editing.ts).
export async function editingRoutes(plainApp: FastifyInstance, opts: { posts: PostsService; editing: EditingService }) {
  const app = plainApp.withTypeProvider<ZodTypeProvider>();
  const { posts, editing } = opts;
  const edited = answers({ 200: editResultSchema });
  const revisions = answers({ 200: revisionListSchema });

  app.patch(
    '/api/posts/:id',
    {
      preValidation: signedIn,
      schema: {
        summary: 'Edit a question (author or staff)',
        params: idParams,
        body: editPostSchema,
        response: edited,
      },
    },
    async (request) => editing.editPost(verified(request), request.params.id, request.body),
  );

  app.patch(
    '/api/replies/:id',
    {
      preValidation: signedIn,
      schema: { summary: 'Edit a reply (author or staff)', params: idParams, body: editReplySchema, response: edited },
    },
    async (request) => editing.editReply(verified(request), request.params.id, request.body),
  );

  app.get(
    '/api/posts/:id/revisions',
    { schema: { summary: "A question's revisions, newest first", params: idParams, response: revisions } },
    async (request) => editing.revisions(await posts.viewerOf(await request.member()), { postId: request.params.id }),
  );

  app.get(
    '/api/replies/:id/revisions',
    { schema: { summary: "A reply's revisions, newest first", params: idParams, response: revisions } },
    async (request) => editing.revisions(await posts.viewerOf(await request.member()), { replyId: request.params.id }),
  );

  app.post(
    '/api/revisions/:id/restore',
    {
      preValidation: staffOnly,
      schema: {
        summary: 'Put back the text a revision replaced (staff)',
        params: idParams,
        response: edited,
      },
    },
    async (request) => editing.restore(verified(request), request.params.id),
  );
}
