import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createPostSchema,
  postCreatedSchema,
  postDetailSchema,
  postListSchema,
  toggleResultSchema,
} from '@fenestra/shared';
import type { Config } from '../../config/env.js';
import { sendAnswer } from '../../cache/public-cache.js';
import { answers, confirmedMember, idParams, queryText, verified } from '../../lib/route-contract.js';
import { communitySwitches } from '../../config/community.js';
import { viewerFrom, type PostsService } from './service.js';
import { rateLimitRule } from '../../lib/rate-limit-rule.js';

const listQuery = z.object({
  scope: queryText,
  filter: queryText,
  topic: queryText,
  sort: queryText,
  cursor: queryText,
  /** The public list's questions with this tag (a tag page, /tags/:tag). */
  tag: queryText,
});

export async function postRoutes(plainApp: FastifyInstance, opts: { config: Config; posts: PostsService }) {
  const app = plainApp.withTypeProvider<ZodTypeProvider>();
  const { posts } = opts;
  const confirmed = confirmedMember(communitySwitches(plainApp.services.settings));
  const postingLimit = {
    rateLimit: rateLimitRule(plainApp.services.settings, 'rateLimitPosts'),
  };

  app.post(
    '/api/posts',
    {
      config: postingLimit,
      preValidation: confirmed,
      schema: {
        summary: 'Ask a question (it waits for review)',
        body: createPostSchema,
        response: answers({ 201: postCreatedSchema }),
      },
    },
    async (request, reply) => reply.status(201).send(await posts.createPost(verified(request), request.body)),
  );

  // Who may read depends on the list: 'mine' needs a member, the unsolved queue needs staff.
  app.get(
    '/api/posts',
    { schema: { summary: 'A list of posts', querystring: listQuery, response: answers({ 200: postListSchema }) } },
    async (request, reply) => {
      const query = posts.parseListQuery(request.query);
      if (query.scope === 'mine') return posts.listPosts(viewerFrom(await app.requireMember(request)), query);
      if (query.scope === 'unsolved-queue') return posts.listPosts(viewerFrom(await app.requireStaff(request)), query);
      // The lists every visitor sees alike come from the public-read cache.
      return sendAnswer(request, reply, await posts.publicList(await posts.viewerOf(await request.member()), query));
    },
  );

  app.get(
    '/api/posts/:id',
    { schema: { summary: 'A post', params: idParams, response: answers({ 200: postDetailSchema }) } },
    async (request, reply) => {
      const viewer = await posts.viewerOf(await request.member());
      // A public post from the cache; one only some may see (pending, denied) the long way.
      const cached = await posts.publicPost(viewer, request.params.id);
      return cached ? sendAnswer(request, reply, cached) : posts.getPost(viewer, request.params.id);
    },
  );

  const toggle = (summary: string) => ({
    schema: { summary, params: idParams, response: answers({ 200: toggleResultSchema }) },
  });
  app.post('/api/posts/:id/like', { ...toggle('Like or unlike a post'), preValidation: confirmed }, async (request) =>
    posts.toggleLike(verified(request), request.params.id),
  );

  app.post('/api/posts/:id/bookmark', toggle('Bookmark a post, or drop the bookmark'), async (request) =>
    posts.toggleBookmark(await app.requireMember(request), request.params.id),
  );

  app.get(
    '/api/bookmarks',
    {
      schema: {
        summary: 'The member’s bookmarks',
        querystring: z.object({ cursor: queryText }),
        response: answers({ 200: postListSchema }),
      },
    },
    async (request) => posts.listBookmarks(viewerFrom(await app.requireMember(request)), request.query.cursor),
  );
}
