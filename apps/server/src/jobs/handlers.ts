import type { Mailer } from '../adapters/mail/mailer.js';
import type { Storage } from '../adapters/storage/storage.js';
import type { Db } from '../db/client.js';
import { uploadsService } from '../modules/uploads/service.js';
import type { JobHandlers } from './queue.js';
import { liftExpiredBans } from '../modules/admin-users/repo.js';

// Follow-up jobs are chained here, in one place.
export function jobHandlers(deps: { mailer: Mailer; db: Db; storage: Storage }): JobHandlers {
  const uploads = uploadsService({ db: deps.db, storage: deps.storage });
  return {
    'send-email': async (message) => {
      await deps.mailer.send(message);
    },
    'sweep-uploads': async () => {
      await uploads.sweepUnattached();
    },
    'lift-expired-bans': async () => {
      await liftExpiredBans(deps.db, new Date());
    },
  };
}
