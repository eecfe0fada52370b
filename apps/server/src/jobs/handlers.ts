import type { Db } from '../db/client.js';
import { EMAIL_TEXT, trustRulesOf, type SiteSettings } from '@fenestra/shared';
import { issueResetLink } from '../modules/account/password-reset.js';
import type { JobContext, JobDefinitions, JobHandlers } from './queue.js';
import { liftExpiredBans } from '../lib/ban.js';
import { gatheredReplyEmailJob, notificationEmailJob } from '../modules/notifications/email.js';
import { sendDigests } from '../modules/notifications/digest.js';
import { notificationPushJob, pushToDeviceJob } from '../modules/push/push-job.js';
import type { PushSender } from '../adapters/push/push-sender.js';
import { refreshDueSimilar } from '../modules/similar/service.js';
import { refreshTrustLevels } from '../modules/trust/service.js';
import type { AiProvider } from '../adapters/ai/index.js';
import type { Mailer } from '../adapters/mail/mailer.js';
import type { DetectionService } from '../modules/detection/service.js';
import type { UploadsService } from '../modules/uploads/service.js';
import type { LinkPreviewsService } from '../modules/link-previews/service.js';
import { detectionDuration, timed } from '../lib/metrics.js';

/** Times a detection is put off at its provider's Retry-After before it fails like any other. */
const MAX_DEFERRALS = 5;

// Follow-up jobs are chained here, in one place.
export function jobHandlers(deps: {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  secret: string;
  now: () => Date;
  ai: AiProvider;
  similarVectors: boolean;
  detection: DetectionService;
  uploads: UploadsService;
  linkPreviews: LinkPreviewsService;
  pushSender: PushSender;
  log: { warn(obj: object, msg: string): void };
  /** The site settings in force, read when a job needs them (a lone worker follows no events). */
  siteSettings: () => Promise<SiteSettings>;
}): JobHandlers {
  const { detection, uploads, linkPreviews } = deps;
  const siteName = async () => (await deps.siteSettings()).siteName;
  const emailDeps = { ...deps, siteName };
  return {
    'send-email': async (message) => {
      await deps.mailer.send(message);
    },
    'password-reset': async ({ email }, { send }) => {
      const link = await issueResetLink(deps.db, email, deps.publicUrl);
      if (!link) return;
      const site = await siteName();
      await send('send-email', {
        to: link.to,
        subject: EMAIL_TEXT.resetPassword.subject(site),
        text: EMAIL_TEXT.resetPassword.text(link.url, site),
      });
    },
    'sweep-uploads': async () => {
      await uploads.sweepUnattached();
    },
    'lift-expired-bans': async () => {
      await liftExpiredBans(deps.db, new Date());
    },
    'notification-email': notificationEmailJob(emailDeps),
    'reply-emails-gathered': gatheredReplyEmailJob(emailDeps),
    'send-digests': async () => {
      await sendDigests(emailDeps);
    },
    'notification-push': notificationPushJob(deps),
    'push-to-device': pushToDeviceJob({ ...deps, sender: deps.pushSender }),
    'sweep-link-previews': async () => {
      await linkPreviews.sweepUnused();
      await linkPreviews.refreshDue();
    },
    'fetch-reply-previews': async ({ replyId }) => {
      await linkPreviews.previewReply(replyId);
    },
    'refresh-trust-levels': async () => {
      await refreshTrustLevels(deps.db, deps.now(), trustRulesOf(await deps.siteSettings()));
    },
    // A run works a minute at most; the rest is a run of its own, queued behind the other queues' work (decision 040).
    'refresh-similar-posts': async (_data, { send }) => {
      const vectorModel = deps.similarVectors ? deps.ai.embeddingModel : null;
      if ((await refreshDueSimilar(deps.db, { vectorModel })).more) await send('refresh-similar-posts', {});
    },
    'detect-image': Object.assign(
      async (data: JobDefinitions['detect-image'], { send }: JobContext) => {
        const { imageId, deferrals = 0, of } = data;
        const { embed, retryAfterSeconds } = await timed(detectionDuration, () =>
          of ? detection.detectPhoto(of, imageId, data) : detection.detectImage(imageId),
        );
        if (embed) await send('embed-image', { imageId });
        // The provider asked us to wait: asked again then, a few times, before the queue's own retries.
        if (retryAfterSeconds !== undefined) {
          if (deferrals >= MAX_DEFERRALS) throw new Error(`The AI provider kept asking to wait (${imageId})`);
          await send('detect-image', { ...data, deferrals: deferrals + 1 }, { startAfterSeconds: retryAfterSeconds });
        }
      },
      // A remote provider reads a few photos at once; the local one one at a time.
      { workers: deps.ai.concurrency ?? 1 },
    ),
    'embed-image': async ({ imageId }) => {
      await detection.embedImage(imageId);
    },
    'detection-failed': async ({ imageId, of }) => {
      await (of ? detection.markPhotoFailed(of, imageId) : detection.markFailed(imageId));
    },
  };
}
