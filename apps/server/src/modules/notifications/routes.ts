import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { NotificationList, UnreadCount } from '@fenestra/shared';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import * as repo from './repo.js';

const uuid = z.uuid();

type IdParams = { Params: { id: string } };

// The bell: members only, each member's own notifications.
export async function notificationRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  app.get('/api/notifications', async (request): Promise<NotificationList> => {
    const member = await app.requireMember(request);
    const [notifications, unreadCount] = await Promise.all([repo.latestFor(db, member.id), repo.unreadCount(db, member.id)]);
    return { notifications, unreadCount };
  });

  app.post<IdParams>('/api/notifications/:id/read', async (request): Promise<UnreadCount> => {
    const member = await app.requireMember(request);
    const found = uuid.safeParse(request.params.id).success && (await repo.markRead(db, member.id, request.params.id));
    if (!found) throw notFound('Notification not found');
    return { unreadCount: await repo.unreadCount(db, member.id) };
  });

  app.post('/api/notifications/read-all', async (request): Promise<UnreadCount> => {
    const member = await app.requireMember(request);
    await repo.markAllRead(db, member.id);
    return { unreadCount: 0 };
  });
}
