import type { FastifyInstance, FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { ZodError } from 'zod';
import { MSG, firstIssue, type ApiErrorBody } from '@fenestra/shared';
import { AppError } from '../lib/errors.js';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../db/unavailable.js';

const STATUS_NAMES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
};

// One place turns every error into a JSON body with the request id; 5xx details stay in the log.
export const errorHandler = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    let body: ApiErrorBody;
    if (error instanceof AppError) {
      body = { error: error.code, message: error.message, statusCode: error.statusCode, requestId: request.id };
      if (error.field) body.field = error.field;
    } else if (error instanceof ZodError) {
      const issue = error.issues[0];
      body = { error: 'BAD_REQUEST', message: firstIssue(error), statusCode: 400, requestId: request.id };
      if (issue?.path.length) body.field = String(issue.path[0]);
    } else if (isDatabaseUnavailable(error)) {
      // The database is away (or every connection is busy): a moment's wait, not a failure.
      body = { error: 'UNAVAILABLE', message: MSG.unavailable, statusCode: 503, requestId: request.id };
    } else {
      const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
      body =
        status >= 500
          ? { error: 'INTERNAL', message: MSG.serverError, statusCode: status, requestId: request.id }
          : {
              error: STATUS_NAMES[status] ?? 'ERROR',
              message: error.message,
              statusCode: status,
              requestId: request.id,
            };
    }
    if (body.statusCode === 503) reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
    if (body.statusCode === 503) request.log.warn({ code: body.error }, body.message);
    else if (body.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    // At debug: the request's one info line (lib/request-log.ts) already says its status.
    else request.log.debug({ code: body.error, status: body.statusCode }, body.message);
    return reply.status(body.statusCode).send(body);
  });
});
