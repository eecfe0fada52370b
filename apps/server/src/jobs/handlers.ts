import type { Mailer } from '../adapters/mail/mailer.js';
import type { Storage } from '../adapters/storage/storage.js';
import type { Db } from '../db/client.js';
import { uploadsService } from '../modules/uploads/service.js';
import type { JobHandlers } from './queue.js';
import { notificationEmailJob } from '../modules/notifications/email.js';

// Follow-up jobs are chained here, in one place.
export function jobHandlers(deps: {
  mailer: Mailer; db: Db; storage: Storage; publicUrl: string; secret: string; now: () => Date;
}): JobHandlers {
  const uploads = uploadsService({ db: deps.db, storage: deps.storage });
  return {
    'send-email': async (message) => {
      await deps.mailer.send(message);
    },
    'sweep-uploads': async () => {
      await uploads.sweepUnattached();
    },
    'notification-email': notificationEmailJob(deps),
  };
}
