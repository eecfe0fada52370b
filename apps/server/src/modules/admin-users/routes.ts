import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MSG,
  adminUserListSchema,
  adminUserSchema,
  banSchema,
  deleteUserSchema,
  okSchema,
  roleChangeSchema,
  trustLockSchema,
  userStatsSchema,
} from '@fenestra/shared';
import { forbidden } from '../../lib/errors.js';
import { answers, idParams, staffOnly, verified } from '../../lib/route-contract.js';
import { listQuery, type AdminUsersService } from './service.js';

/** Roles are for admins alone: a moderator is refused whatever they send. */
async function adminsOnly(request: FastifyRequest) {
  await staffOnly(request);
  if (verified(request).role !== 'admin') throw forbidden(MSG.onlyAdminsChangeRoles);
}

// User management: staff only; the service holds the staff limits (roles are for admins alone).
export async function adminUserRoutes(plainApp: FastifyInstance, opts: { users: AdminUsersService }) {
  const app = plainApp.withTypeProvider<ZodTypeProvider>();
  const { users } = opts;
  const oneUser = answers({ 200: adminUserSchema });

  app.get(
    '/api/admin/users',
    {
      preValidation: staffOnly,
      schema: {
        summary: 'Members, searched and filtered',
        querystring: listQuery,
        response: answers({ 200: adminUserListSchema }),
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return users.list(request.query);
    },
  );

  app.get(
    '/api/admin/users/stats',
    { schema: { summary: 'The members page’s stat cards', response: answers({ 200: userStatsSchema }) } },
    async (request) => {
      await app.requireStaff(request);
      return users.stats();
    },
  );

  app.put(
    '/api/admin/users/:id/trust',
    {
      preValidation: staffOnly,
      schema: {
        summary: 'Lock a member’s trust level, or hand it back to the trust job',
        params: idParams,
        body: trustLockSchema,
        response: oneUser,
      },
    },
    async (request) => users.setTrust(verified(request), request.params.id, request.body),
  );

  app.post(
    '/api/admin/users/:id/ban',
    {
      preValidation: staffOnly,
      schema: { summary: 'Ban a member', params: idParams, body: banSchema, response: oneUser },
    },
    async (request) => users.ban(verified(request), request.params.id, request.body),
  );

  app.post(
    '/api/admin/users/:id/unban',
    { schema: { summary: 'Lift a ban', params: idParams, response: oneUser } },
    async (request) => users.unban(await app.requireStaff(request), request.params.id),
  );

  app.put(
    '/api/admin/users/:id/role',
    {
      preValidation: adminsOnly,
      schema: {
        summary: 'Change a member’s role (admins)',
        params: idParams,
        body: roleChangeSchema,
        response: oneUser,
      },
    },
    async (request) => users.setRole(verified(request), request.params.id, request.body),
  );

  app.delete(
    '/api/admin/users/:id',
    {
      preValidation: staffOnly,
      schema: {
        summary: 'Delete a member and what they wrote',
        params: idParams,
        body: deleteUserSchema,
        response: answers({ 200: okSchema }),
      },
    },
    async (request) => {
      await users.remove(verified(request), request.params.id);
      return { ok: true };
    },
  );
}
