import net from 'node:net';
import { z } from 'zod';
import {
  MSG,
  readPushPreferences,
  type PushDevice,
  type PushPreferences,
  type PushSettings,
  type PushSubscriptionInput,
} from '@fenestra/shared';
import type { Db } from '../../db/client.js';
import type { MemberRow } from '../../lib/member.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { isPublicAddress, hostPortOf } from '../../adapters/link-preview/address-rules.js';
import { endpointScheme, type PushSender } from '../../adapters/push/push-sender.js';
import { deviceName } from './device-name.js';
import * as repo from './repo.js';

const uuid = z.uuid();

const toDevice = (row: { id: string; device: string; endpoint: string; createdAt: Date }): PushDevice => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

// A member's push settings: the devices that receive push, and which kinds they push.
export function pushService(deps: { db: Db; sender: PushSender; allow: ReadonlySet<string> }) {
  const { db, sender, allow } = deps;
  return {
    async settings(member: MemberRow): Promise<PushSettings> {
      const [devices, preferences] = await Promise.all([
        repo.devicesOf(db, member.id),
        repo.storedPreferences(db, member.id),
      ]);
      return {
        publicKey: sender.publicKey,
        devices: devices.map(toDevice),
        preferences: readPushPreferences(preferences),
      };
    },

    /**
     * Saves this browser's subscription. Refused at once: anything but https (an allow-listed host:port aside) and a
     * literal private address; a name is resolved and checked each time a push is sent (it may change).
     */
    async addDevice(
      member: MemberRow,
      input: PushSubscriptionInput,
      userAgent: string | undefined,
    ): Promise<PushDevice> {
      const url = endpointScheme(input.endpoint, allow);
      const host = url?.hostname.replace(/^\[|\]$/g, '') ?? '';
      if (!url || (!allow.has(hostPortOf(url)) && net.isIP(host) && !isPublicAddress(host)))
        throw badRequest(MSG.pushEndpointRefused, 'endpoint');
      const row = await repo.saveDevice(db, {
        userId: member.id,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        device: deviceName(userAgent),
      });
      return toDevice(row);
    },

    async removeDevice(member: MemberRow, id: string): Promise<void> {
      if (!uuid.safeParse(id).success || !(await repo.removeDevice(db, member.id, id)))
        throw notFound(MSG.pushDeviceNotFound);
    },

    async setPreferences(member: MemberRow, preferences: PushPreferences): Promise<PushPreferences> {
      await repo.savePreferences(db, member.id, preferences);
      return preferences;
    },
  };
}
export type PushService = ReturnType<typeof pushService>;

// What other modules call, inside their own transaction: a banned member's devices go with the ban.
export { removeMemberDevices } from './repo.js';
