import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MSG, hasNul } from '@fenestra/shared';
import { badRequest } from '../lib/errors.js';

/** True when any string in a parsed body, query or params holds a NUL character. */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return hasNul(value);
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => holdsNul(v, depth + 1));
  for (const key in value) if (hasNul(key) || holdsNul((value as Record<string, unknown>)[key], depth + 1)) return true;
  return false;
}

// The shared schemas refuse NUL in every text field; this catches what no schema reads (query strings,
// path parameters, fields a route passes through), so PostgreSQL never sees one and never answers 500.
export const textGuard = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', (request, _reply, done) => {
    if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body))
      return done(badRequest(MSG.nulCharacter));
    done();
  });
});
