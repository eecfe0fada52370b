import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  NOTIFICATION_FILTERS,
  WHAT_IS_NEW_TEXT,
  notificationListSchema,
  notificationPageSchema,
  unreadCountSchema,
  type NotificationFilter,
} from '@fenestra/shared';
import type { Db } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { answers, idParams, queryText } from '../../lib/route-contract.js';
import * as repo from './repo.js';
import { notificationPage } from './page.js';

const isFilter = (value: string): value is NotificationFilter =>
  (NOTIFICATION_FILTERS as readonly string[]).includes(value);

const uuid = z.uuid();

// The bell: members only, each member's own notifications.
export async function notificationRoutes(plainApp: FastifyInstance, opts: { db: Db }) {
  const app = plainApp.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  const unread = answers({ 200: unreadCountSchema });

  app.get(
    '/api/notifications',
    {
      schema: {
        summary: 'The latest notifications and the unread count',
        response: answers({ 200: notificationListSchema }),
      },
    },
    async (request) => {
      const member = await app.requireMember(request);
      const [notifications, unreadCount] = await Promise.all([
        repo.latestFor(db, member.id),
        repo.unreadCount(db, member.id),
      ]);
      return { notifications, unreadCount };
    },
  );

  // The notifications page (issue 25): every notification, a page at a time, through a filter.
  app.get(
    '/api/notifications/page',
    {
      schema: {
        summary:
          'Every notification, newest first, a page at a time (filter: all, unread, mentions, replies, moderation)',
        querystring: z.object({ filter: queryText, cursor: queryText }),
        response: answers({ 200: notificationPageSchema }),
      },
    },
    async (request, reply) => {
      const member = await app.requireMember(request);
      const filter = request.query.filter ?? 'all';
      if (!isFilter(filter)) throw badRequest(WHAT_IS_NEW_TEXT.invalidFilter, 'filter');
      reply.header('Cache-Control', 'private, no-store');
      const [page, unreadCount] = await Promise.all([
        notificationPage(db, member.id, filter, request.query.cursor),
        repo.unreadCount(db, member.id),
      ]);
      return { ...page, unreadCount };
    },
  );

  app.post(
    '/api/notifications/:id/read',
    { schema: { summary: 'Mark one notification read', params: idParams, response: unread } },
    async (request) => {
      const member = await app.requireMember(request);
      const found =
        uuid.safeParse(request.params.id).success && (await repo.markRead(db, member.id, request.params.id));
      if (!found) throw notFound('Notification not found');
      return { unreadCount: await repo.unreadCount(db, member.id) };
    },
  );

  app.post(
    '/api/notifications/read-all',
    { schema: { summary: 'Mark every notification read', response: unread } },
    async (request) => {
      const member = await app.requireMember(request);
      await repo.markAllRead(db, member.id);
      return { unreadCount: 0 };
    },
  );
}
