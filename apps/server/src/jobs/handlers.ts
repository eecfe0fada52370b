import type { Mailer } from '../adapters/mail/mailer.js';
import type { JobHandlers } from './queue.js';

// Follow-up jobs are chained here, in one place.
export function jobHandlers(deps: { mailer: Mailer }): JobHandlers {
  return {
    'send-email': async (message) => {
      await deps.mailer.send(message);
    },
  };
}
