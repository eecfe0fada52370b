import type { z } from 'zod';
import { firstIssue } from '@fenestra/shared';
import { badRequest } from './errors.js';

/** A request body checked against a shared schema; the first problem becomes a 400 with the product's message. */
export function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body ?? {});
  if (!result.success) {
    const issue = result.error.issues[0];
    throw badRequest(firstIssue(result.error), issue?.path.length ? String(issue.path[0]) : undefined);
  }
  return result.data;
}
