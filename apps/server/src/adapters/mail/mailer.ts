import nodemailer from 'nodemailer';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { emailsSent } from '../../lib/metrics.js';
import { DEFAULT_MAIL_ADDRESS, DEFAULT_MAIL_FROM } from '../../config/env.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  readonly kind: 'smtp' | 'outbox';
}

interface Log {
  info(obj: object, msg: string): void;
}

/** The sender: fixed (MAIL_FROM), or read at each send (the site's name from the settings, issue 30). */
export type MailFrom = string | (() => Promise<string | { name: string; address: string }>);
const senderOf = async (from: MailFrom) => (typeof from === 'string' ? from : await from());

/** SMTP relay via nodemailer (SMTP_URL). */
export function smtpMailer(url: string, from: MailFrom): Mailer {
  const parsed = new URL(url);
  const local = ['127.0.0.1', 'localhost', '::1', '[::1]'].includes(parsed.hostname);
  const transport = nodemailer.createTransport({
    host: parsed.hostname.replace(/^\[|\]$/g, ''),
    port: Number(parsed.port) || (parsed.protocol === 'smtps:' ? 465 : 587),
    secure: parsed.protocol === 'smtps:',
    auth: parsed.username
      ? { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) }
      : undefined,
    // A loopback relay (a dev catcher) rarely has TLS; anything else must offer it.
    ignoreTLS: local && parsed.protocol === 'smtp:',
    connectionTimeout: 10_000,
  });
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({ from: await senderOf(from), ...message });
    },
  };
}

/**
 * Without SMTP_URL: each message becomes an .eml file in DATA_DIR/outbox, readable by the owner alone, and the log
 * says where. Never its links: reset and unsubscribe links carry live tokens, and logs travel further than files.
 */
export function outboxMailer(dir: string, from: MailFrom, log: Log): Mailer {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(message) {
      const info = await builder.sendMail({ from: await senderOf(from), ...message });
      await mkdir(dir, { recursive: true });
      const safeTo = message.to.replace(/[^a-z0-9@._-]/gi, '_');
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      log.info({ to: message.to, subject: message.subject, file }, 'email written to outbox');
    },
  };
}

/**
 * SMTP when SMTP_URL is set, otherwise the outbox folder. Without MAIL_FROM the sender's name is the site's name in
 * force (`siteName`, read at each send), so a renamed forum's emails come from its new name.
 */
export function createMailer(
  config: { smtpUrl?: string; mailFrom: string; dataDir: string },
  log: Log,
  siteName?: () => Promise<string>,
): Mailer {
  const from: MailFrom =
    siteName && config.mailFrom === DEFAULT_MAIL_FROM
      ? async () => ({ name: await siteName(), address: DEFAULT_MAIL_ADDRESS })
      : config.mailFrom;
  const mailer = config.smtpUrl
    ? smtpMailer(config.smtpUrl, from)
    : outboxMailer(path.join(config.dataDir, 'outbox'), from, log);
  return counted(mailer);
}

/** Each send counted for /metrics, sent or failed. */
function counted(mailer: Mailer): Mailer {
  return {
    ...mailer,
    async send(message) {
      try {
        await mailer.send(message);
        emailsSent.inc({ result: 'sent' });
      } catch (err) {
        emailsSent.inc({ result: 'failed' });
        throw err;
      }
    },
  };
}
