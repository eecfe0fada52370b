import type { Mailer } from '../adapters/mail/mailer.js';
import type { Storage } from '../adapters/storage/storage.js';
import type { Db } from '../db/client.js';
import { uploadsService } from '../modules/uploads/service.js';
import type { JobHandlers } from './queue.js';
import type { LinkFetcher } from '../adapters/link-preview/link-fetcher.js';
import { linkPreviewsService } from '../modules/link-previews/service.js';
import { refreshDueSimilar } from '../modules/similar/service.js';

// Follow-up jobs are chained here, in one place.
export function jobHandlers(deps: { mailer: Mailer; db: Db; storage: Storage; linkFetcher: LinkFetcher }): JobHandlers {
  const uploads = uploadsService({ db: deps.db, storage: deps.storage });
  const linkPreviews = linkPreviewsService({ db: deps.db, storage: deps.storage, fetcher: deps.linkFetcher });
  return {
    'send-email': async (message) => {
      await deps.mailer.send(message);
    },
    'sweep-uploads': async () => {
      await uploads.sweepUnattached();
    },
    'sweep-link-previews': async () => {
      await linkPreviews.sweepUnused();
    },
    'refresh-similar-posts': async () => {
      await refreshDueSimilar(deps.db);
    },
  };
}
