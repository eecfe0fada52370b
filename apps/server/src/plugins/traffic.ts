import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Socket } from 'node:net';

/**
 * The requests being answered, for work that waits until the server is quiet: pages drawn ahead (decision 046) and
 * the collection after a busy spell (decision 047). Not counted: the event stream (it stays open) and the reads a
 * page is drawn from (asked in-process, on no socket).
 */
export interface Traffic {
  /** Requests being answered now. */
  readonly answering: number;
  /** Requests counted since start. */
  readonly begun: number;
  /** When the last counted request began (performance.now()). */
  readonly lastBegan: number;
  /** Resolves once no request is being answered and none has begun for `forMs`. */
  quiet(forMs: number): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    traffic: Traffic;
  }
  interface FastifyRequest {
    /** Counts the request as answered (once, whichever comes first: sent, or the client gone). */
    answered?: () => void;
  }
}

export const trafficPlugin = fp(
  async (app: FastifyInstance) => {
    let answering = 0;
    let begun = 0;
    let lastBegan = 0;
    let whenIdle: (() => void)[] = [];
    const resumeIdle = () => {
      const waiting = whenIdle;
      whenIdle = [];
      for (const resume of waiting) resume();
    };
    app.addHook('onRequest', (request, reply, done) => {
      if (request.method === 'GET' && request.url.startsWith('/api/events')) return done();
      if (!(request.raw.socket instanceof Socket)) return done();
      answering++;
      begun++;
      lastBegan = performance.now();
      let counted = true;
      const answered = () => {
        if (!counted) return;
        counted = false;
        if (--answering === 0) resumeIdle();
      };
      // Sent (onResponse), or the client went away first.
      reply.raw.once('close', answered);
      request.answered = answered;
      done();
    });
    app.addHook('onResponse', (request, _reply, done) => {
      request.answered?.();
      done();
    });
    app.decorate('traffic', {
      get answering() {
        return answering;
      },
      get begun() {
        return begun;
      },
      get lastBegan() {
        return lastBegan;
      },
      async quiet(forMs: number): Promise<void> {
        for (;;) {
          if (answering > 0) await new Promise<void>((resume) => whenIdle.push(resume));
          const quietFor = performance.now() - lastBegan;
          if (answering === 0 && quietFor >= forMs) return;
          if (answering === 0) await new Promise((resume) => setTimeout(resume, forMs - quietFor).unref());
        }
      },
    });
  },
  { name: 'fenestra-traffic' },
);
