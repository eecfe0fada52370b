import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  envelopeTo: string[];
  headers: Record<string, string>;
  text: string;
  /** The HTML part of a multipart/alternative message. */
  html?: string;
}

/**
 * A message's headers and decoded text (quoted-printable, base64 or plain); for multipart/alternative, the text of
 * its text/plain part and the HTML of its text/html part.
 */
export function parseMail(raw: string): Omit<ReceivedMail, 'envelopeTo'> {
  const whole = parsePart(raw);
  const boundary = /multipart\/[a-z]+;.*boundary="?([^";]+)"?/i.exec(whole.headers['content-type'] ?? '')?.[1];
  if (!boundary) return whole;
  const parts = whole.text
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((p) => parsePart(p.replace(/^\r?\n/, '')));
  const of = (type: string) => parts.find((p) => (p.headers['content-type'] ?? '').startsWith(type))?.text;
  return { headers: whole.headers, text: of('text/plain') ?? '', html: of('text/html') };
}

function parsePart(raw: string): Omit<ReceivedMail, 'envelopeTo'> {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? Buffer.from(
          body
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8')
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  return { headers, text: text.replace(/\r\n/g, '\n') };
}

/** A real SMTP server on loopback that keeps what it receives. */
export class MailCatcher {
  readonly received: ReceivedMail[] = [];
  private server: SMTPServer | null = null;

  async start(port = 0): Promise<number> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          this.received.push({
            envelopeTo: session.envelope.rcptTo.map((r) => r.address),
            ...parseMail(Buffer.concat(chunks).toString('utf8')),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    return (server.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
