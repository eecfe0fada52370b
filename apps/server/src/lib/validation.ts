import type { z } from 'zod';
import { firstIssue } from '@fenestra/shared';
import { badRequest, type AppError } from './errors.js';

/** A zod failure as the API answers it: a 400 with the first problem's product message, and its field. */
export function invalidInput(error: z.ZodError): AppError {
  const issue = error.issues[0];
  return badRequest(firstIssue(error), issue?.path.length ? String(issue.path[0]) : undefined);
}

/** A request body checked against a shared schema; the first problem becomes a 400 with the product's message. */
export function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body ?? {});
  if (!result.success) throw invalidInput(result.error);
  return result.data;
}
