import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  avatarResultSchema,
  avatarUpdateSchema,
  deleteAccountSchema,
  emailPreferencesAnswerSchema,
  emailPreferencesSchema,
  digestSchema,
  memberProfileSchema,
  memberReplyListSchema,
  okSchema,
  postListSchema,
  profileUpdateResultSchema,
  profileUpdateSchema,
  settingsSchema,
} from '@fenestra/shared';
import type { Config } from '../../config/env.js';
import { SESSION_COOKIE } from '../../lib/session-cookie.js';
import { answers, queryText, signedIn, verified } from '../../lib/route-contract.js';
import type { PostsService } from '../posts/service.js';
import type { MembersService } from './service.js';
import { sendAnswer, sendCached } from '../../cache/public-cache.js';

const userParams = z.object({ username: z.string() });
const pageQuery = z.object({ cursor: queryText });

/** Settings (the signed-in member's own) and public profiles. No route takes a user id: a member only changes themself. */
export async function memberRoutes(
  plainApp: FastifyInstance,
  opts: { config: Config; members: MembersService; posts: PostsService },
) {
  const app = plainApp.withTypeProvider<ZodTypeProvider>();
  const { config, members, posts } = opts;
  const secure = config.publicUrl.startsWith('https://');
  const clearSession = `${secure ? '__Secure-' : ''}${SESSION_COOKIE}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  const avatarAnswer = answers({ 200: avatarResultSchema });

  app.get(
    '/api/settings',
    { schema: { summary: 'The member’s own settings', response: answers({ 200: settingsSchema }) } },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return members.settings(await app.requireMember(request));
    },
  );

  app.patch(
    '/api/settings/profile',
    {
      preValidation: signedIn,
      schema: {
        summary: 'Change the username or bio',
        body: profileUpdateSchema,
        response: answers({ 200: profileUpdateResultSchema }),
      },
    },
    async (request) => members.updateProfile(verified(request), request.body),
  );

  app.put(
    '/api/settings/avatar',
    {
      preValidation: signedIn,
      schema: { summary: 'Set a preset or uploaded avatar', body: avatarUpdateSchema, response: avatarAnswer },
    },
    async (request) => members.setAvatar(verified(request), request.body),
  );

  app.delete(
    '/api/settings/avatar',
    { schema: { summary: 'Remove the avatar', response: avatarAnswer } },
    async (request) => members.removeAvatar(await app.requireMember(request)),
  );

  app.put(
    '/api/settings/email-preferences',
    {
      preValidation: signedIn,
      schema: {
        summary: 'Choose which emails to get',
        body: emailPreferencesSchema,
        response: answers({ 200: emailPreferencesAnswerSchema }),
      },
    },
    async (request) => members.setEmailPreferences(verified(request), request.body),
  );

  app.put(
    '/api/settings/digest',
    {
      preValidation: signedIn,
      schema: {
        summary: 'Choose how often the digest of new questions comes (off, daily, weekly)',
        body: digestSchema,
        response: answers({ 200: digestSchema }),
      },
    },
    async (request) => members.setDigest(verified(request), request.body),
  );

  app.delete(
    '/api/settings/account',
    {
      preValidation: signedIn,
      schema: { summary: 'Delete one’s own account', body: deleteAccountSchema, response: answers({ 200: okSchema }) },
    },
    async (request, reply) => {
      await members.deleteAccount(verified(request));
      return reply.header('set-cookie', clearSession).send({ ok: true });
    },
  );

  app.get(
    '/api/users/:username',
    {
      schema: { summary: 'A member’s profile', params: userParams, response: answers({ 200: memberProfileSchema }) },
    },
    async (request, reply) => {
      const member = await request.member();
      const viewer = await posts.viewerOf(member);
      // Staff see a member's status and ban reason: not the cached visitor's view.
      if (viewer?.isStaff) return members.profile(request.params.username, member, viewer);
      const cached = await members.publicProfile(request.params.username);
      if (member && cached.value.id === member.id) return { ...cached.value, isSelf: true };
      return sendCached(request, reply, cached);
    },
  );

  app.get(
    '/api/users/:username/posts',
    {
      schema: {
        summary: 'A member’s public posts',
        params: userParams,
        querystring: pageQuery,
        response: answers({ 200: postListSchema }),
      },
    },
    async (request, reply) =>
      sendAnswer(
        request,
        reply,
        await members.publicMemberPosts(
          request.params.username,
          await posts.viewerOf(await request.member()),
          request.query.cursor,
        ),
      ),
  );

  app.get(
    '/api/users/:username/replies',
    {
      schema: {
        summary: 'A member’s replies',
        params: userParams,
        querystring: pageQuery,
        response: answers({ 200: memberReplyListSchema }),
      },
    },
    async (request, reply) =>
      sendCached(request, reply, await members.publicMemberReplies(request.params.username, request.query.cursor)),
  );

  app.get(
    '/api/users/:username/bookmarks',
    {
      schema: {
        summary: 'The member’s own bookmarks, on their profile',
        params: userParams,
        querystring: pageQuery,
        response: answers({ 200: postListSchema }),
      },
    },
    async (request) =>
      members.memberBookmarks(request.params.username, await app.requireMember(request), request.query.cursor),
  );
}
