import { useId, type ComponentProps } from 'react';
import { Input } from './input';
import { Label } from './label';

interface FormFieldProps extends ComponentProps<'input'> {
  label: string;
  /** Shown beside the label, outside it (e.g. 'Optional'), so the field's name stays the label. */
  labelAside?: string;
  error?: string;
  hint?: string;
}

/** A labelled input whose hint and error are tied to it with aria-describedby. */
export function FormField({ label, labelAside, error, hint, id, ...inputProps }: FormFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="space-y-1.5">
      <div className="flex items-baseline gap-2">
        <Label htmlFor={inputId}>{label}</Label>
        {labelAside && <span className="text-xs text-muted">{labelAside}</span>}
      </div>
      <Input id={inputId} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...inputProps} />
      {hint && (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
