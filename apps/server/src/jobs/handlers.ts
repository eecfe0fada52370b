import type { Mailer } from '../adapters/mail/mailer.js';
import type { MediaAddress, Storage } from '../adapters/storage/storage.js';
import type { Db } from '../db/client.js';
import { EMAIL_TEXT } from '@fenestra/shared';
import { issueResetLink } from '../modules/account/password-reset.js';
import { uploadsService } from '../modules/uploads/service.js';
import type { JobHandlers } from './queue.js';
import { liftExpiredBans } from '../lib/ban.js';
import { notificationEmailJob } from '../modules/notifications/email.js';
import type { LinkFetcher } from '../adapters/link-preview/link-fetcher.js';
import { linkPreviewsService } from '../modules/link-previews/service.js';
import { refreshDueSimilar } from '../modules/similar/service.js';
import type { AiProvider } from '../adapters/ai/index.js';
import { detectionService } from '../modules/detection/service.js';

// Follow-up jobs are chained here, in one place.
export function jobHandlers(deps: {
  mailer: Mailer; db: Db; storage: Storage; media: MediaAddress; linkFetcher: LinkFetcher; publicUrl: string; secret: string; now: () => Date;
  ai: AiProvider; similarVectors: boolean;
}): JobHandlers {
  const detection = detectionService({ db: deps.db, storage: deps.storage, ai: deps.ai, now: deps.now });
  const uploads = uploadsService({ db: deps.db, storage: deps.storage, media: deps.media });
  const linkPreviews = linkPreviewsService({ db: deps.db, storage: deps.storage, fetcher: deps.linkFetcher, media: deps.media });
  return {
    'send-email': async (message) => {
      await deps.mailer.send(message);
    },
    'password-reset': async ({ email }, { send }) => {
      const link = await issueResetLink(deps.db, email, deps.publicUrl);
      if (link) await send('send-email', { to: link.to, subject: EMAIL_TEXT.resetPassword.subject, text: EMAIL_TEXT.resetPassword.text(link.url) });
    },
    'sweep-uploads': async () => {
      await uploads.sweepUnattached();
    },
    'lift-expired-bans': async () => {
      await liftExpiredBans(deps.db, new Date());
    },
    'notification-email': notificationEmailJob(deps),
    'sweep-link-previews': async () => {
      await linkPreviews.sweepUnused();
      await linkPreviews.refreshDue();
    },
    'fetch-reply-previews': async ({ replyId }) => {
      await linkPreviews.previewReply(replyId);
    },
    'refresh-similar-posts': async () => {
      await refreshDueSimilar(deps.db, { vectorModel: deps.similarVectors ? deps.ai.embeddingModel : null });
    },
    'detect-image': async ({ imageId }, { send }) => {
      const { embed } = await detection.detectImage(imageId);
      if (embed) await send('embed-image', { imageId });
    },
    'embed-image': async ({ imageId }) => {
      await detection.embedImage(imageId);
    },
    'detection-failed': async ({ imageId }) => {
      await detection.markFailed(imageId);
    },
  };
}
