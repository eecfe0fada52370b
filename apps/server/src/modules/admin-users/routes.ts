import type { FastifyInstance } from 'fastify';
import type { AdminUsersService } from './service.js';

type IdParams = { Params: { id: string } };

// User management: staff only; the service holds the staff limits (roles are for admins alone).
export async function adminUserRoutes(app: FastifyInstance, opts: { users: AdminUsersService }) {
  const { users } = opts;

  app.get('/api/admin/users', async (request, reply) => {
    await app.requireStaff(request);
    reply.header('Cache-Control', 'no-store');
    return users.list(request.query);
  });

  app.get('/api/admin/users/stats', async (request) => {
    await app.requireStaff(request);
    return users.stats();
  });

  app.post<IdParams>('/api/admin/users/:id/ban', async (request) =>
    users.ban(await app.requireStaff(request), request.params.id, request.body));

  app.post<IdParams>('/api/admin/users/:id/unban', async (request) =>
    users.unban(await app.requireStaff(request), request.params.id));

  app.put<IdParams>('/api/admin/users/:id/role', async (request) =>
    users.setRole(await app.requireStaff(request), request.params.id, request.body));

  app.delete<IdParams>('/api/admin/users/:id', async (request) => {
    await users.remove(await app.requireStaff(request), request.params.id, request.body);
    return { ok: true };
  });
}
