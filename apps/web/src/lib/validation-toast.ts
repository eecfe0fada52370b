import { toast } from './toast';
import { firstIssue, MSG } from '@fenestra/shared';
import type { ZodType } from 'zod';

/** SPEC 8: a form submitted with errors toasts 'Validation Error' with the first message. */
export function toastValidationError(schema: ZodType, values: unknown): void {
  const result = schema.safeParse(values);
  toast.error(MSG.validationError, { description: result.success ? undefined : firstIssue(result.error) });
}

/** A moderator's reason (deny, ban) that is missing or too long: beside the field's own error, the same toast. */
export function toastReasonError(reason: string, prompt: string): void {
  if (reason.trim()) toast.error(MSG.reasonTooLong);
  else toast.error(MSG.reasonRequired, { description: prompt });
}
