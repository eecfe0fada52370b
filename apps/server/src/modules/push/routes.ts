import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  okSchema,
  pushDeviceSchema,
  pushPreferencesSchema,
  pushSettingsSchema,
  pushSubscriptionSchema,
} from '@fenestra/shared';
import { answers, idParams, signedIn, verified } from '../../lib/route-contract.js';
import type { PushService } from './service.js';

// Settings, push part: the member's own devices and kinds. No route takes a user id.
export async function pushRoutes(plainApp: FastifyInstance, opts: { push: PushService }) {
  const app = plainApp.withTypeProvider<ZodTypeProvider>();
  const { push } = opts;

  app.get(
    '/api/settings/push',
    {
      schema: {
        summary: 'The push key, this member’s devices and kinds',
        response: answers({ 200: pushSettingsSchema }),
      },
    },
    async (request) => push.settings(await app.requireMember(request)),
  );

  app.post(
    '/api/settings/push/devices',
    {
      preValidation: signedIn,
      schema: {
        summary: 'Turn push on for this browser (its PushSubscription)',
        body: pushSubscriptionSchema,
        response: answers({ 200: pushDeviceSchema }),
      },
    },
    async (request) => push.addDevice(verified(request), request.body, request.headers['user-agent']),
  );

  app.delete(
    '/api/settings/push/devices/:id',
    {
      schema: {
        summary: 'Stop push to one of the member’s devices',
        params: idParams,
        response: answers({ 200: okSchema }),
      },
    },
    async (request) => {
      await push.removeDevice(await app.requireMember(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.put(
    '/api/settings/push/preferences',
    {
      preValidation: signedIn,
      schema: {
        summary: 'Choose which notifications to push',
        body: pushPreferencesSchema,
        response: answers({ 200: pushPreferencesSchema }),
      },
    },
    async (request) => push.setPreferences(verified(request), request.body),
  );
}
