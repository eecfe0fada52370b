import { z } from 'zod';
import { MSG } from './messages.js';
import { PUSH_PREFERENCE_KEYS, type PushPreferenceKey } from './push.js';

/** What PushSubscription.toJSON() gives: the endpoint and the two keys. The address rules are the server's. */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .string(MSG.pushEndpointInvalid)
    .max(2048, MSG.pushEndpointInvalid)
    .refine(URL.canParse, MSG.pushEndpointInvalid),
  keys: z.object(
    {
      p256dh: z.string().regex(/^[\w-]{80,100}={0,2}$/, MSG.pushKeysInvalid),
      auth: z.string().regex(/^[\w-]{16,32}={0,2}$/, MSG.pushKeysInvalid),
    },
    MSG.pushKeysInvalid,
  ),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

export const pushPreferencesSchema = z.object(
  Object.fromEntries(PUSH_PREFERENCE_KEYS.map((key) => [key, z.boolean()])) as Record<PushPreferenceKey, z.ZodBoolean>,
);

export const pushDeviceSchema = z.object({
  id: z.string(),
  device: z.string(),
  endpoint: z.string(),
  createdAt: z.string(),
});

export const pushSettingsSchema = z.object({
  publicKey: z.string(),
  devices: z.array(pushDeviceSchema),
  preferences: pushPreferencesSchema,
});
