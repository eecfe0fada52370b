import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/env.js';
import { SESSION_COOKIE } from '../../lib/session-cookie.js';
import type { PostsService } from '../posts/service.js';
import type { MembersService } from './service.js';
import { sendAnswer, sendCached } from '../../cache/public-cache.js';

type UserParams = { Params: { username: string }; Querystring: { cursor?: string } };

/** Settings (the signed-in member's own) and public profiles. No route takes a user id: a member only changes themself. */
export async function memberRoutes(app: FastifyInstance, opts: { config: Config; members: MembersService; posts: PostsService }) {
  const { config, members, posts } = opts;
  const secure = config.publicUrl.startsWith('https://');
  const clearSession = `${secure ? '__Secure-' : ''}${SESSION_COOKIE}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

  app.get('/api/settings', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return members.settings(await app.requireMember(request));
  });

  app.patch('/api/settings/profile', async (request) =>
    members.updateProfile(await app.requireMember(request), request.body));

  app.put('/api/settings/avatar', async (request) =>
    members.setAvatar(await app.requireMember(request), request.body));

  app.delete('/api/settings/avatar', async (request) =>
    members.removeAvatar(await app.requireMember(request)));

  app.put('/api/settings/email-preferences', async (request) =>
    members.setEmailPreferences(await app.requireMember(request), request.body));

  app.delete('/api/settings/account', async (request, reply) => {
    await members.deleteAccount(await app.requireMember(request), request.body);
    return reply.header('set-cookie', clearSession).send({ ok: true });
  });

  app.get<UserParams>('/api/users/:username', async (request, reply) => {
    const member = await request.member();
    const viewer = await posts.viewerOf(member);
    // Staff see a member's status and ban reason: not the cached visitor's view.
    if (viewer?.isStaff) return members.profile(request.params.username, member, viewer);
    const cached = await members.publicProfile(request.params.username);
    if (member && cached.value.id === member.id) return { ...cached.value, isSelf: true };
    return sendCached(request, reply, cached);
  });

  app.get<UserParams>('/api/users/:username/posts', async (request, reply) =>
    sendAnswer(request, reply, await members.publicMemberPosts(request.params.username, await posts.viewerOf(await request.member()), request.query.cursor)));

  app.get<UserParams>('/api/users/:username/replies', async (request, reply) =>
    sendCached(request, reply, await members.publicMemberReplies(request.params.username, request.query.cursor)));

  app.get<UserParams>('/api/users/:username/bookmarks', async (request) =>
    members.memberBookmarks(request.params.username, await app.requireMember(request), request.query.cursor));
}
