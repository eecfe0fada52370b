import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { pushPreferences, pushSubscriptions } from '../../db/schema/index.js';

type Conn = Db | Tx;

export interface NewDevice {
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  device: string;
}

/** A member's devices, oldest first. */
export function devicesOf(db: Conn, userId: string) {
  return db
    .select({
      id: pushSubscriptions.id,
      device: pushSubscriptions.device,
      endpoint: pushSubscriptions.endpoint,
      createdAt: pushSubscriptions.createdAt,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
}

/**
 * Saves a device; an endpoint already known (the same browser subscribing again, or a browser another member signed
 * out of) is moved to this member with the new keys: a push service's endpoint belongs to one browser.
 */
export async function saveDevice(db: Conn, device: NewDevice) {
  const [row] = await db
    .insert(pushSubscriptions)
    .values(device)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId: device.userId, p256dh: device.p256dh, auth: device.auth, device: device.device },
    })
    .returning({
      id: pushSubscriptions.id,
      device: pushSubscriptions.device,
      endpoint: pushSubscriptions.endpoint,
      createdAt: pushSubscriptions.createdAt,
    });
  return row!;
}

/** Removes one of the member's own devices; false when they have none with that id. */
export async function removeDevice(db: Conn, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

/** Every device of a member goes (a ban). */
export async function removeMemberDevices(db: Conn, userId: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

export async function storedPreferences(db: Conn, userId: string): Promise<unknown> {
  const [row] = await db
    .select({ preferences: pushPreferences.preferences })
    .from(pushPreferences)
    .where(eq(pushPreferences.userId, userId));
  return row?.preferences ?? null;
}

export async function savePreferences(db: Conn, userId: string, preferences: Record<string, boolean>): Promise<void> {
  await db
    .insert(pushPreferences)
    .values({ userId, preferences })
    .onConflictDoUpdate({ target: pushPreferences.userId, set: { preferences } });
}
