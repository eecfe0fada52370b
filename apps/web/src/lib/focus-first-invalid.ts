import type { FieldErrors, FieldValues } from 'react-hook-form';

/**
 * A form's onInvalid focuses its first field in error, in the page's order, here and at once (`form`: its submit
 * event's target), and its useForm sets `shouldFocusError: false`: react-hook-form focuses that field on a timer as
 * well, and on a busy machine the timer came after the member had moved on to another field, so what they typed
 * next went into the field in error (seen in CI: a current password typed into the confirmation).
 */
export function focusFirstInvalid<T extends FieldValues>(
  form: EventTarget | null | undefined,
  errors: FieldErrors<T>,
): void {
  if (!(form instanceof HTMLFormElement)) return;
  for (const element of Array.from(form.elements)) {
    if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) continue;
    if (!element.name || !(element.name in errors)) continue;
    element.focus();
    element.select();
    return;
  }
}
