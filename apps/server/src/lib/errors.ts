import { MSG } from '@fenestra/shared';

// Typed errors thrown by services; the error handler maps them to status codes.
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, field?: string) => new AppError(400, 'BAD_REQUEST', message, field);
export const unauthorized = (message: string = MSG.signInRequired) => new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message: string = MSG.forbidden) => new AppError(403, 'FORBIDDEN', message);
export const notFound = (message: string = MSG.notFoundApi) => new AppError(404, 'NOT_FOUND', message);
export const conflict = (code: string, message: string, field?: string) => new AppError(409, code, message, field);
/** The database is away or every connection is busy: the client tries again after Retry-After. */
export const unavailable = (message: string = MSG.unavailable) => new AppError(503, 'UNAVAILABLE', message);
