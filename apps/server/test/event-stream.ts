import http from 'node:http';
import type { EventPayloads, EventType } from '@fenestra/shared';

export interface StreamMessage {
  type: string;
  data: Record<string, string>;
}

/**
 * A Server-Sent Events client over a real socket (Node 20 has no EventSource). It keeps every message;
 * `next` waits for the next one of a type (those before it stay readable with `seen`).
 */
export class EventStream {
  readonly messages: StreamMessage[] = [];
  readonly comments: string[] = [];
  streamId = '';
  private read = 0;
  private waiters: (() => void)[] = [];
  private request: http.ClientRequest | null = null;
  /** Resolves when the server ends the stream. */
  closed: Promise<void>;
  private markClosed!: () => void;
  private isClosed = false;

  private constructor() {
    this.closed = new Promise((resolve) => {
      this.markClosed = resolve;
    });
  }

  static async open(
    baseUrl: string,
    opts: { cookie?: string; posts?: string[]; since?: number | string } = {},
  ): Promise<EventStream> {
    const stream = new EventStream();
    const url = new URL('/api/events', baseUrl);
    if (opts.posts?.length) url.searchParams.set('posts', opts.posts.join(','));
    if (opts.since !== undefined) url.searchParams.set('since', String(opts.since));
    await new Promise<void>((resolve, reject) => {
      const request = http.get(
        url,
        { headers: { accept: 'text/event-stream', ...(opts.cookie ? { cookie: opts.cookie } : {}) } },
        (res) => {
          if (res.statusCode !== 200) {
            reject(new Error(`stream answered ${res.statusCode}`));
            return;
          }
          res.setEncoding('utf8');
          let buffer = '';
          res.on('data', (chunk: string) => {
            buffer += chunk;
            let end: number;
            while ((end = buffer.indexOf('\n\n')) >= 0) {
              stream.take(buffer.slice(0, end));
              buffer = buffer.slice(end + 2);
            }
          });
          res.on('close', () => stream.finish());
          resolve();
        },
      );
      request.on('error', (err) => {
        stream.finish();
        reject(err);
      });
      stream.request = request;
    });
    stream.streamId = (await stream.next('stream.ready')).streamId;
    return stream;
  }

  private take(block: string) {
    let type = 'message';
    let data = '';
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) this.comments.push(line.slice(1).trim());
      else if (line.startsWith('event: ')) type = line.slice(7);
      else if (line.startsWith('data: ')) data += line.slice(6);
    }
    if (data) this.messages.push({ type, data: JSON.parse(data) as Record<string, string> });
    this.wake();
  }

  private finish() {
    if (this.isClosed) return;
    this.isClosed = true;
    this.markClosed();
    this.wake();
  }

  private wake() {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  private changed() {
    return new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  /** The next message of this type (after the last one `next` returned), waiting for it if need be. */
  async next<T extends EventType>(
    type: T,
    match: (data: EventPayloads[T]) => boolean = () => true,
  ): Promise<EventPayloads[T]> {
    for (;;) {
      for (let i = this.read; i < this.messages.length; i++) {
        const m = this.messages[i]!;
        if (m.type === type && match(m.data as EventPayloads[T])) {
          this.read = i + 1;
          return m.data as EventPayloads[T];
        }
      }
      if (this.isClosed) throw new Error(`stream closed before ${type} arrived; got ${this.types().join(', ')}`);
      await this.changed();
    }
  }

  /** Waits until a message of this type exists at or after index `from`, whatever came between (order not assumed). */
  async arrived<T extends EventType>(type: T, from: number): Promise<EventPayloads[T]> {
    for (;;) {
      const m = this.messages.slice(from).find((x) => x.type === type);
      if (m) return m.data as EventPayloads[T];
      if (this.isClosed) throw new Error(`stream closed before ${type} arrived; got ${this.types().join(', ')}`);
      await this.changed();
    }
  }

  /** Waits for a heartbeat comment. */
  async heartbeat(): Promise<void> {
    const before = this.comments.length;
    while (this.comments.length === before) {
      if (this.isClosed) throw new Error('stream closed before a heartbeat');
      await this.changed();
    }
  }

  /** The types received so far, in order. */
  types(): string[] {
    return this.messages.map((m) => m.type);
  }

  close() {
    this.request?.destroy();
    this.finish();
  }
}
