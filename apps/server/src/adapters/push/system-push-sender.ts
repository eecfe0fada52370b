import type { Config } from '../../config/env.js';
import { createPushSender, type PushSender } from './push-sender.js';
import { vapidKeys } from './vapid-keys.js';

/** The push sender the configuration names: its VAPID keys (environment or DATA_DIR) and PUSH_ENDPOINT_ALLOW. */
export function systemPushSender(config: Config): PushSender {
  return createPushSender({ vapid: vapidKeys(config, config.push.vapid), allow: config.push.endpointAllow });
}
