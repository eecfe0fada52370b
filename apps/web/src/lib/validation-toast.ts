import { toast } from './toast';
import { firstIssue, MSG } from '@fenestra/shared';
import type { ZodType } from 'zod';

/** SPEC 8: a form submitted with errors toasts 'Validation Error' with the first message. */
export function toastValidationError(schema: ZodType, values: unknown): void {
  const result = schema.safeParse(values);
  toast.error(MSG.validationError, { description: result.success ? undefined : firstIssue(result.error) });
}
