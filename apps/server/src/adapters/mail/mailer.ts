import nodemailer from 'nodemailer';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

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

interface Log { info(obj: object, msg: string): void }

const linksIn = (text: string) => text.match(/https?:\/\/\S+/g) ?? [];

/** SMTP relay via nodemailer (SMTP_URL). */
export function smtpMailer(url: string, from: string): Mailer {
  const parsed = new URL(url);
  const local = ['127.0.0.1', 'localhost', '::1', '[::1]'].includes(parsed.hostname);
  const transport = nodemailer.createTransport({
    host: parsed.hostname.replace(/^\[|\]$/g, ''),
    port: Number(parsed.port) || (parsed.protocol === 'smtps:' ? 465 : 587),
    secure: parsed.protocol === 'smtps:',
    auth: parsed.username ? { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) } : undefined,
    // A loopback relay (a dev catcher) rarely has TLS; anything else must offer it.
    ignoreTLS: local && parsed.protocol === 'smtp:',
    connectionTimeout: 10_000,
  });
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

/** Without SMTP_URL: each message becomes an .eml file in DATA_DIR/outbox, and its links are logged. */
export function outboxMailer(dir: string, from: string, log: Log): Mailer {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(message) {
      const info = await builder.sendMail({ from, ...message });
      await mkdir(dir, { recursive: true });
      const safeTo = message.to.replace(/[^a-z0-9@._-]/gi, '_');
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}.eml`);
      await writeFile(file, info.message as Buffer);
      log.info({ to: message.to, subject: message.subject, links: linksIn(message.text), file }, 'email written to outbox');
    },
  };
}

/** SMTP when SMTP_URL is set, otherwise the outbox folder. */
export function createMailer(config: { smtpUrl?: string; mailFrom: string; dataDir: string }, log: Log): Mailer {
  return config.smtpUrl
    ? smtpMailer(config.smtpUrl, config.mailFrom)
    : outboxMailer(path.join(config.dataDir, 'outbox'), config.mailFrom, log);
}
