import type { ComponentProps, ReactNode } from 'react';

/**
 * One notification preference as a checkbox row, its label and what it covers under it: the email switches and the
 * push switches of the settings page. `input` is the checkbox's own (a form's register, or checked and onChange).
 */
export function PreferenceSwitch({
  id,
  label,
  detail,
  ...input
}: { id: string; label: string; detail: ReactNode } & Omit<ComponentProps<'input'>, 'id' | 'type'>) {
  return (
    <li className="flex items-start gap-3 rounded-md border border-border p-3">
      <input
        id={id}
        type="checkbox"
        aria-describedby={`${id}-detail`}
        className="mt-0.5 size-4 shrink-0 cursor-pointer accent-primary"
        {...input}
      />
      <div className="min-w-0">
        <label htmlFor={id} className="cursor-pointer text-sm font-medium text-fg">
          {label}
        </label>
        <p id={`${id}-detail`} className="text-xs text-muted">
          {detail}
        </p>
      </div>
    </li>
  );
}
